import Decimal from 'decimal.js';
import type { Quotation, QuotationGroup } from '../../api/markets';
import { toDecimal } from '../../lib/format';

/** The market table's pure logic: which pairs a tab shows, search, sorting and the home tiles. */

export const FAVOURITES_TAB = 'favourites';
export const MAX_TILES = 6;
export const TILE_QUOTE = 'USDT';

export type SortKey = 'symbol' | 'price' | 'change';
export type SortDirection = 'asc' | 'desc';
export interface SortState {
  key: SortKey;
  direction: SortDirection;
}

/** The tabs: Favourites first for signed-in users, then one per quote currency in the server's order. */
export function marketTabs(groups: QuotationGroup[] | undefined, signedIn: boolean): string[] {
  const quotes = (groups ?? []).filter((group) => group.quotation.length > 0).map((group) => group.name);
  return signedIn ? [FAVOURITES_TAB, ...quotes] : quotes;
}

const visible = (pair: Quotation) => pair.is_display !== 0;

/** The pairs under one tab: a quote currency's pairs, or every favourite pair across quotes. */
export function pairsOfTab(groups: QuotationGroup[] | undefined, tab: string): Quotation[] {
  if (!groups) return [];
  if (tab === FAVOURITES_TAB) {
    return groups.flatMap((group) => group.quotation).filter((pair) => visible(pair) && pair.added === 1);
  }
  return groups.find((group) => group.name === tab)?.quotation.filter(visible) ?? [];
}

const normalise = (text: string) => text.toUpperCase().replace(/[^A-Z0-9]/g, '');

/** Search by symbol: `btc`, `BTC/USDT`, `btcusdt` and `btc-usdt` all find BTC/USDT. */
export function matchesSearch(pair: Quotation, query: string): boolean {
  const wanted = normalise(query);
  if (wanted === '') return true;
  return normalise(pair.symbol || `${pair.currency_name}/${pair.legal_name}`).includes(wanted);
}

function compareDecimals(a: string, b: string): number {
  const left = toDecimal(a);
  const right = toDecimal(b);
  if (!left && !right) return 0;
  // A pair without a figure sorts after every pair with one, in both directions (handled by the caller).
  if (!left) return 1;
  if (!right) return -1;
  return left.comparedTo(right);
}

function valueOf(pair: Quotation, key: SortKey): string {
  if (key === 'price') return pair.now_price;
  if (key === 'change') return pair.change;
  return pair.symbol;
}

/** Sorted copy; pairs without a number stay at the end, ties keep the server's order. */
export function sortPairs(pairs: Quotation[], sort: SortState | null): Quotation[] {
  if (!sort) return pairs.slice();
  const sign = sort.direction === 'asc' ? 1 : -1;
  return pairs
    .map((pair, index) => ({ pair, index }))
    .sort((a, b) => {
      let order: number;
      if (sort.key === 'symbol') {
        order = sign * a.pair.symbol.localeCompare(b.pair.symbol, 'en');
      } else {
        const left = valueOf(a.pair, sort.key);
        const right = valueOf(b.pair, sort.key);
        const missingLeft = toDecimal(left) === null;
        const missingRight = toDecimal(right) === null;
        order =
          missingLeft || missingRight ? compareDecimals(left, right) : sign * compareDecimals(left, right);
      }
      return order === 0 ? a.index - b.index : order;
    })
    .map(({ pair }) => pair);
}

/**
 * Clicking a column header: a new column starts ascending for names and descending for numbers (the
 * biggest movers first); the same column flips, and a third click goes back to the server's order.
 */
export function nextSort(current: SortState | null, key: SortKey): SortState | null {
  const first: SortDirection = key === 'symbol' ? 'asc' : 'desc';
  if (!current || current.key !== key) return { key, direction: first };
  if (current.direction === first) return { key, direction: first === 'asc' ? 'desc' : 'asc' };
  return null;
}

/** What one tab shows after search and sort. */
export function visiblePairs(
  groups: QuotationGroup[] | undefined,
  tab: string,
  query: string,
  sort: SortState | null,
): Quotation[] {
  return sortPairs(
    pairsOfTab(groups, tab).filter((pair) => matchesSearch(pair, query)),
    sort,
  );
}

/** Up to six USDT pairs for the tiles above the table, in the server's order. */
export function tilePairs(groups: QuotationGroup[] | undefined, max = MAX_TILES): Quotation[] {
  return pairsOfTab(groups, TILE_QUOTE).slice(0, max);
}

/** -1, 0 or 1 for a price that moved from `previous` to `next` (drives the row flash). */
export function priceMove(previous: string, next: string): -1 | 0 | 1 {
  const before = toDecimal(previous);
  const after = toDecimal(next);
  if (!before || !after) return 0;
  return after.comparedTo(before) as -1 | 0 | 1;
}

/** The quote-currency turnover of a pair's 24-hour volume, for display only. */
export function turnover(pair: Pick<Quotation, 'volume' | 'now_price'>): Decimal | null {
  const volume = toDecimal(pair.volume);
  const price = toDecimal(pair.now_price);
  return volume && price ? volume.times(price) : null;
}

export { exchangeLink } from '../../api/markets';

export interface MarketStats {
  pairs: number;
  topGainer: Quotation | null;
  /** Sum of the USDT pairs' 24-hour turnover, in USDT. */
  usdtTurnover: Decimal;
}

/** The figures of the hero strip, from the same quotations the table shows. */
export function marketStats(groups: QuotationGroup[] | undefined): MarketStats {
  const all = (groups ?? []).flatMap((group) => group.quotation).filter(visible);
  let topGainer: Quotation | null = null;
  for (const pair of all) {
    const change = toDecimal(pair.change);
    if (!change) continue;
    if (!topGainer || change.greaterThan(toDecimal(topGainer.change) ?? change)) topGainer = pair;
  }
  const usdtTurnover = pairsOfTab(groups, TILE_QUOTE).reduce(
    (sum, pair) => sum.plus(turnover(pair) ?? 0),
    new Decimal(0),
  );
  return { pairs: all.length, topGainer, usdtTurnover };
}
