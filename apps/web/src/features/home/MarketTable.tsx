import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useToggleFavourite, type Quotation, type QuotationGroup } from '../../api/markets';
import { direction, formatChange, formatCny, formatFixed } from '../../lib/format';
import { useToken } from '../../lib/session';
import { CoinIcon } from './CoinIcon';
import { CloseIcon, SearchIcon, SortIcon, StarIcon } from '../../components/icons';
import {
  exchangeLink,
  FAVOURITES_TAB,
  marketTabs,
  nextSort,
  visiblePairs,
  type SortKey,
  type SortState,
} from './market-table';
import { usePriceFlash } from './usePriceFlash';
import { Tabs } from '../../components/Tabs';

export interface MarketTableProps {
  groups: QuotationGroup[] | undefined;
  loading: boolean;
  error: boolean;
  onRetry: () => void;
  /** Shows the search box (the all-markets screen). */
  searchable?: boolean;
  /** Shows at most this many rows (the home page), with `more` below them. */
  limit?: number;
  title?: ReactNode;
  more?: ReactNode;
}

/** The market list of the home and all-markets screens: quote tabs, favourites, search and sorting. */
export function MarketTable({
  groups,
  loading,
  error,
  onRetry,
  searchable = false,
  limit,
  title,
  more,
}: MarketTableProps) {
  const { t } = useTranslation('home');
  const signedIn = useToken() !== null;
  const tabs = marketTabs(groups, signedIn);
  const firstQuote = tabs.find((tab) => tab !== FAVOURITES_TAB) ?? '';
  const [chosenTab, setChosenTab] = useState<string | null>(null);
  const tab = chosenTab !== null && tabs.includes(chosenTab) ? chosenTab : firstQuote;
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<SortState | null>(null);
  const rows = visiblePairs(groups, tab, query, sort);
  const shown = limit === undefined ? rows : rows.slice(0, limit);

  const sortHeader = (key: SortKey, label: string, align: 'left' | 'right') => {
    const active = sort?.key === key ? sort.direction : null;
    return (
      <th
        className={align === 'right' ? 'right' : undefined}
        aria-sort={active === 'asc' ? 'ascending' : active === 'desc' ? 'descending' : 'none'}
      >
        <button
          type="button"
          className={`mkt-sort${active ? ' active' : ''}`}
          data-testid={`sort-${key}`}
          onClick={() => setSort((current) => nextSort(current, key))}
        >
          {label}
          <SortIcon direction={active} />
        </button>
      </th>
    );
  };

  let body: ReactNode;
  if (loading) {
    body = <SkeletonRows />;
  } else if (error && !groups) {
    body = (
      <StateRow>
        <span>{t('table.loadError')}</span>
        <button type="button" className="btn btn-ghost btn-sm" onClick={onRetry}>
          {t('table.retry')}
        </button>
      </StateRow>
    );
  } else if (shown.length === 0) {
    body = (
      <StateRow>
        {query.trim()
          ? t('table.noMatch', { query: query.trim() })
          : tab === FAVOURITES_TAB
            ? t('table.noFavourites')
            : t('common:noData')}
      </StateRow>
    );
  } else {
    body = shown.map((pair) => <MarketRow key={pair.match_id} pair={pair} signedIn={signedIn} />);
  }

  return (
    <section className="panel mkt" aria-label={t('table.title')}>
      <div className="mkt-toolbar">
        {title}
        <Tabs
          className="mkt-tabs"
          tabClassName="mkt-tab"
          items={tabs}
          value={tab}
          onChange={setChosenTab}
          testId={(name) => `market-tab-${name}`}
          label={(name) =>
            name === FAVOURITES_TAB ? (
              <>
                <StarIcon filled size={13} />
                {t('table.favourites')}
              </>
            ) : (
              name
            )
          }
        />
        {searchable && (
          <label className="mkt-search">
            <SearchIcon />
            <input
              type="search"
              value={query}
              placeholder={t('table.search')}
              aria-label={t('table.search')}
              data-testid="market-search"
              onChange={(event) => setQuery(event.target.value)}
            />
            {query && (
              <button
                type="button"
                className="mkt-search-clear"
                aria-label={t('table.clear')}
                onClick={() => setQuery('')}
              >
                <CloseIcon />
              </button>
            )}
          </label>
        )}
      </div>
      <div className="mkt-scroll">
        <table className="table mkt-table" data-testid="market-table">
          <thead>
            <tr>
              {sortHeader('symbol', t('table.pair'), 'left')}
              {sortHeader('price', t('table.price'), 'right')}
              {sortHeader('change', t('table.change'), 'right')}
              <th className="right mkt-hide-sm">{t('table.high')}</th>
              <th className="right mkt-hide-sm">{t('table.low')}</th>
              <th className="right mkt-hide-xs">{t('table.volume')}</th>
              <th className="right mkt-action-col">
                <span className="sr-only">{t('table.trade')}</span>
              </th>
            </tr>
          </thead>
          <tbody>{body}</tbody>
        </table>
      </div>
      {more && !loading && rows.length > 0 && <div className="mkt-more">{more}</div>}
    </section>
  );
}

function StateRow({ children }: { children: ReactNode }) {
  return (
    <tr className="mkt-state">
      <td colSpan={7}>
        <div className="mkt-state-inner">{children}</div>
      </td>
    </tr>
  );
}

function SkeletonRows() {
  return Array.from({ length: 6 }, (_, index) => (
    <tr key={index} className="mkt-skeleton" aria-hidden="true">
      <td colSpan={7}>
        <span />
      </td>
    </tr>
  ));
}

function MarketRow({ pair, signedIn }: { pair: Quotation; signedIn: boolean }) {
  const { t } = useTranslation('home');
  const navigate = useNavigate();
  const flash = usePriceFlash(pair.now_price);
  const toggle = useToggleFavourite();
  const move = direction(pair.change);
  const link = exchangeLink(pair);
  const busy = toggle.isPending;
  const decimals = pair.price_decimals;

  const onStar = () => {
    if (!signedIn) {
      void navigate('/components/login');
      return;
    }
    toggle.mutate(pair.match_id);
  };

  return (
    <tr
      className={`clickable mkt-row ${flash}`}
      data-testid="market-row"
      data-symbol={pair.symbol}
      tabIndex={0}
      onClick={() => void navigate(link)}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && event.target === event.currentTarget) void navigate(link);
      }}
    >
      <td>
        <div className="mkt-pair">
          <button
            type="button"
            className={`star${pair.added === 1 ? ' on' : ''}`}
            data-testid="favourite-toggle"
            aria-pressed={pair.added === 1}
            aria-label={t(pair.added === 1 ? 'table.removeFavourite' : 'table.addFavourite')}
            title={t(pair.added === 1 ? 'table.removeFavourite' : 'table.addFavourite')}
            disabled={busy}
            onClick={(event) => {
              event.stopPropagation();
              onStar();
            }}
          >
            <StarIcon filled={pair.added === 1} />
          </button>
          <CoinIcon name={pair.currency_name} logo={pair.logo} />
          <span className="mkt-symbol">
            <strong>{pair.currency_name}</strong>
            <span className="muted">/{pair.legal_name}</span>
          </span>
        </div>
      </td>
      <td className="right">
        <div className={`num mkt-price ${move > 0 ? 'up' : move < 0 ? 'down' : ''}`}>
          {formatFixed(pair.now_price, decimals)}
        </div>
        <div className="num mkt-sub">
          ≈ ¥{formatFixed(formatCny(pair.now_price, pair.fiat_convert_cny), 2)}
        </div>
      </td>
      <td className="right">
        <span className={`badge num mkt-change ${move > 0 ? 'badge-up' : move < 0 ? 'badge-down' : ''}`}>
          {formatChange(pair.change)}
        </span>
      </td>
      <td className="right num mkt-hide-sm">{formatFixed(pair.high, decimals)}</td>
      <td className="right num mkt-hide-sm">{formatFixed(pair.low, decimals)}</td>
      <td className="right num mkt-hide-xs">
        {formatFixed(pair.volume, pair.amount_decimals)}
        <span className="mkt-unit">{pair.currency_name}</span>
      </td>
      <td className="right mkt-action-col">
        <Link
          className="btn btn-ghost btn-sm mkt-trade"
          to={link}
          onClick={(event) => event.stopPropagation()}
        >
          {t('table.trade')}
        </Link>
      </td>
    </tr>
  );
}
