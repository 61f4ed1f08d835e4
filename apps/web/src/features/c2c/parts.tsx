import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ListState as SharedListState, type ListStateProps } from '../../components/ListState';
import { LoadMore, type MorePages } from '../../components/LoadMore';
import { queryListState } from '../../components/queryListState';
import { Spinner } from '../../components/States';
import { formatFixed } from '../../lib/format';
import type { CurrencyRef, P2pAd } from './api';
import { avatarColour, initialOf, type AdType } from './rules';

/** The legal currencies as chips; the first is chosen until the user picks another. */
export function CurrencyChips({
  currencies,
  value,
  onChange,
}: {
  currencies: CurrencyRef[];
  value: number | null;
  onChange: (id: number) => void;
}) {
  return (
    <div className="c2c-chips" role="radiogroup">
      {currencies.map((currency) => (
        <button
          key={currency.id}
          type="button"
          role="radio"
          aria-checked={currency.id === value}
          className={`c2c-chip${currency.id === value ? ' active' : ''}`}
          onClick={() => onChange(currency.id)}
          data-testid={`c2c-currency-${currency.name}`}
        >
          {currency.name}
        </button>
      ))}
    </div>
  );
}

/** The seller's initial on one of the seven preset colours. */
export function Avatar({ name }: { name: string }) {
  return (
    <span className="c2c-avatar" style={{ background: avatarColour(name) }} aria-hidden="true">
      {initialOf(name)}
    </span>
  );
}

const WAY_GLYPHS: Record<string, { glyph: string; className: string }> = {
  ali_pay: { glyph: '支', className: 'way-ali' },
  we_chat: { glyph: '微', className: 'way-wechat' },
  bank: { glyph: '¤', className: 'way-bank' },
};

/** The payment method as a coloured badge and its name. */
export function PayWay({ way, showName = true }: { way: string; showName?: boolean }) {
  const { t } = useTranslation('c2c');
  const known = WAY_GLYPHS[way];
  const name = known ? t(`way.${way}`) : way;
  return (
    <span className="c2c-way" title={name}>
      <span className={`c2c-way-icon ${known?.className ?? ''}`} aria-hidden="true">
        {known?.glyph ?? '?'}
      </span>
      {showName && <span>{name}</span>}
    </span>
  );
}

/** The smallest and largest order a shop ad takes, under its quantity (nothing where it has none). */
export function AdLimits({
  ad,
  decimals,
}: {
  ad: Pick<P2pAd, 'min_number' | 'max_number'>;
  decimals: number;
}) {
  const { t } = useTranslation('c2c');
  if (!ad.min_number || !ad.max_number) return null;
  return (
    <div className="muted c2c-sub">
      {t('shop.limits', {
        min: formatFixed(ad.min_number, decimals),
        max: formatFixed(ad.max_number, decimals),
      })}
    </div>
  );
}

/** Loading, error and empty states of a P2P list, or null when it has rows to show. */
export function ListState(props: ListStateProps) {
  const { t } = useTranslation('c2c');
  return <SharedListState {...props} area="c2c" text={{ loadError: t('list.loadError') }} />;
}

/** Under a P2P list loaded a page at a time: its states, then "load more" or "no more". */
export function PagedListEnd({
  pages,
  shown,
  emptyText,
}: {
  pages: MorePages & { isPending: boolean; isError: boolean; refetch: () => Promise<unknown> };
  shown: number;
  emptyText?: string;
}) {
  const { t } = useTranslation('c2c');
  return (
    <>
      <ListState {...queryListState(pages, shown)} emptyText={emptyText} />
      <LoadMore
        pages={pages}
        shown={shown}
        className="c2c-more"
        noMoreLabel={t('list.noMore')}
        testId="c2c-more"
      />
    </>
  );
}

/** A screen of one legal currency: waits for the list, says so when there is none, else shows the screen. */
export function CurrencyGate({
  currencies,
  currency,
  children,
}: {
  currencies: { isPending: boolean; isError: boolean; refetch: () => Promise<unknown> };
  currency: CurrencyRef | null;
  children: (currency: CurrencyRef) => ReactNode;
}) {
  if (currencies.isPending) return <Spinner />;
  if (!currency)
    return (
      <ListState pending={false} error={currencies.isError} empty onRetry={() => void currencies.refetch()} />
    );
  return <>{children(currency)}</>;
}

/** The buy side and the sell side of a currency (forms, lists), side by side. */
export function BothSides({ children }: { children: (type: AdType) => ReactNode }) {
  return (
    <div className="c2c-publish-grid">
      {(['buy', 'sell'] as const).map((type) => (
        <Fragment key={type}>{children(type)}</Fragment>
      ))}
    </div>
  );
}
