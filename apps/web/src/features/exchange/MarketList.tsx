import { useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuotations, useToggleFavourite, type Quotation } from '../../api/markets';
import { Spinner } from '../../components/States';
import { direction, formatChange, formatFixed } from '../../lib/format';
import { useToken } from '../../lib/session';
import { FAVOURITES_TAB, listPairs } from './pair-selection';
import { Tab } from '../../components/Tabs';

type SortKey = 'pair' | 'price' | 'change';

interface Props {
  current: Quotation;
  onChoose: (pair: Quotation) => void;
  /** The search box, so the pair switcher can focus it. */
  searchRef?: Ref<HTMLInputElement>;
}

function compare(a: Quotation, b: Quotation, key: SortKey): number {
  if (key === 'pair') return a.currency_name.localeCompare(b.currency_name);
  const value = (pair: Quotation) => Number(key === 'price' ? pair.now_price : pair.change) || 0;
  return value(a) - value(b);
}

/** Pairs by quote currency, favourites for signed-in users, search; figures live through `daymarket`. */
export function MarketList({ current, onChoose, searchRef }: Props) {
  const { t } = useTranslation('exchange');
  const token = useToken();
  const quotations = useQuotations();
  const toggle = useToggleFavourite();
  const [tab, setTab] = useState(String(current.legal_id));
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<{ key: SortKey; desc: boolean } | null>(null);
  const groups = quotations.data ?? [];
  const activeTab = tab === FAVOURITES_TAB && !token ? String(current.legal_id) : tab;
  const pairs = listPairs(groups, activeTab, search);
  const rows = sort ? [...pairs].sort((a, b) => (sort.desc ? -1 : 1) * compare(a, b, sort.key)) : pairs;

  const sortBy = (key: SortKey) =>
    setSort((previous) =>
      previous?.key !== key ? { key, desc: true } : previous.desc ? { key, desc: false } : null,
    );
  const arrow = (key: SortKey) => (sort?.key === key ? (sort.desc ? ' ↓' : ' ↑') : '');

  return (
    <div className="ex-panel ex-market-list" data-testid="market-list">
      <div className="ex-search">
        <span className="ex-search-icon" aria-hidden>
          ⌕
        </span>
        <input
          ref={searchRef}
          className="ex-search-input"
          type="search"
          value={search}
          placeholder={t('markets.search')}
          aria-label={t('markets.search')}
          onChange={(event) => setSearch(event.target.value)}
          data-testid="market-search"
        />
      </div>
      <div className="ex-tabs ex-tabs-small" role="tablist">
        {token && (
          <Tab
            active={activeTab === FAVOURITES_TAB}
            onSelect={() => setTab(FAVOURITES_TAB)}
            className="ex-tab"
            testId="market-tab-favourites"
          >
            <span className="ex-tab-star">★</span> {t('markets.favourites')}
          </Tab>
        )}
        {groups.map((group) => (
          <Tab
            key={group.id}
            active={activeTab === String(group.id)}
            onSelect={() => setTab(String(group.id))}
            className="ex-tab"
            testId={`market-tab-${group.name}`}
          >
            {group.name}
          </Tab>
        ))}
      </div>
      <div className="ex-list-head">
        <button type="button" className="ex-sort" onClick={() => sortBy('pair')}>
          {t('markets.pair')}
          {arrow('pair')}
        </button>
        <button type="button" className="ex-sort right" onClick={() => sortBy('price')}>
          {t('markets.price')}
          {arrow('price')}
        </button>
        <button type="button" className="ex-sort right" onClick={() => sortBy('change')}>
          {t('markets.change')}
          {arrow('change')}
        </button>
      </div>
      <div className="ex-scroll">
        {quotations.isPending && <Spinner />}
        {!quotations.isPending && rows.length === 0 && (
          <div className="ex-empty">
            {activeTab === FAVOURITES_TAB && !search ? t('markets.noFavourites') : t('markets.empty')}
          </div>
        )}
        {rows.map((pair) => {
          const active = pair.match_id === current.match_id;
          const tone = direction(pair.change);
          return (
            <div
              key={pair.match_id}
              role="button"
              tabIndex={0}
              className={`ex-market-row${active ? ' active' : ''}`}
              data-testid="market-list-row"
              data-symbol={pair.symbol}
              aria-current={active ? 'true' : undefined}
              onClick={() => onChoose(pair)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' || event.key === ' ') {
                  event.preventDefault();
                  onChoose(pair);
                }
              }}
            >
              <span className="ex-market-pair">
                {token && (
                  <button
                    type="button"
                    className={`star${pair.added === 1 ? ' on' : ''}`}
                    aria-label={pair.added === 1 ? t('markets.removeFavourite') : t('markets.addFavourite')}
                    title={pair.added === 1 ? t('markets.removeFavourite') : t('markets.addFavourite')}
                    data-testid="favourite-star"
                    disabled={toggle.isPending}
                    onClick={(event) => {
                      event.stopPropagation();
                      toggle.mutate(pair.match_id);
                    }}
                    onKeyDown={(event) => event.stopPropagation()}
                  >
                    ★
                  </button>
                )}
                <span>
                  {pair.currency_name}
                  <span className="muted">/{pair.legal_name}</span>
                </span>
              </span>
              <span className={`num right ${tone > 0 ? 'up' : tone < 0 ? 'down' : ''}`}>
                {formatFixed(pair.now_price, pair.price_decimals)}
              </span>
              <span className={`num right ${tone > 0 ? 'up' : tone < 0 ? 'down' : ''}`}>
                {formatChange(pair.change)}
              </span>
            </div>
          );
        })}
      </div>
    </div>
  );
}
