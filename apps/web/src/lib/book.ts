import Decimal from 'decimal.js';

/** Order book and trade helpers: the shapes the screen keeps, and the decimals of document 1, section 9. */

export const BOOK_LEVELS = 8;
export const RECENT_TRADES = 20;

export interface BookLevel {
  price: string;
  amount: string;
}

export interface DepthRow extends BookLevel {
  /** Price x amount. */
  total: string;
  /** Cumulative amount from the best price to this level, as a share of the deeper side (0-100). */
  depth: number;
}

export interface RecentTrade {
  id: string;
  price: string;
  amount: string;
  /** The taker's side: 1 buy, otherwise sell. */
  way: number;
  /** Milliseconds. */
  time: number;
}

/** The order book shows 4, 6 or 8 decimals (section 9): the smallest of those that holds the pair's tick. */
export function bookDecimals(priceDecimals: number): number {
  if (priceDecimals <= 4) return 4;
  if (priceDecimals <= 6) return 6;
  return 8;
}

/** Amount decimals of the book and trades: the pair's lot, at least 4 (section 9: "order book 4"). */
export function amountDecimals(pairAmountDecimals: number): number {
  return Math.max(4, Math.min(8, pairAmountDecimals));
}

/** `market_depth` levels (`[[price, amount]]`, best first) as book levels. */
export function fromPairs(levels: readonly (readonly [string, string])[] | undefined): BookLevel[] {
  return (levels ?? []).map(([price, amount]) => ({ price, amount }));
}

/**
 * The rows of one side, best first, at most 8, with totals and depth bars. `scale` is the largest cumulative
 * amount of the two sides, so both sides' bars compare.
 */
export function depthRows(levels: BookLevel[], scale: Decimal): DepthRow[] {
  let cumulative = new Decimal(0);
  return levels.slice(0, BOOK_LEVELS).map((level) => {
    const amount = new Decimal(level.amount || 0);
    cumulative = cumulative.plus(amount);
    const depth = scale.greaterThan(0) ? cumulative.dividedBy(scale).times(100).toNumber() : 0;
    return {
      ...level,
      total: new Decimal(level.price || 0).times(amount).toFixed(),
      depth: Math.min(100, Math.max(0, depth)),
    };
  });
}

/** The largest cumulative amount over the shown levels of both sides. */
export function depthScale(bids: BookLevel[], asks: BookLevel[]): Decimal {
  const sum = (levels: BookLevel[]) =>
    levels.slice(0, BOOK_LEVELS).reduce((total, level) => total.plus(level.amount || 0), new Decimal(0));
  return Decimal.max(sum(bids), sum(asks));
}

/** 1 when the price rose against the previous one, -1 when it fell, otherwise the previous direction. */
export function tickDirection(
  previous: string | null | undefined,
  next: string,
  before: -1 | 0 | 1,
): -1 | 0 | 1 {
  if (!previous) return before;
  const comparison = new Decimal(next).comparedTo(previous);
  if (comparison > 0) return 1;
  if (comparison < 0) return -1;
  return before;
}

/** Adds pushed trades in front, newest first, keeping 20 and dropping ones already shown. */
export function prependTrades(current: RecentTrade[], incoming: RecentTrade[]): RecentTrade[] {
  const seen = new Set(current.map((trade) => trade.id));
  const fresh = incoming.filter((trade) => !seen.has(trade.id));
  return [...fresh, ...current].slice(0, RECENT_TRADES);
}

/** Trade ids are row ids in decimal: the longer is the later, and among equals the greater. */
const laterFirst = (a: RecentTrade, b: RecentTrade) =>
  b.time - a.time || b.id.length - a.id.length || (b.id > a.id ? 1 : b.id < a.id ? -1 : 0);

/**
 * A fresh snapshot's trades (the server keeps 15) with those already shown that it does not hold (pushed
 * after it was read, or older), newest first, 20 at most: a periodic refresh neither shortens the list nor
 * forgets a pushed trade. Pushes and snapshots name a trade by the same id.
 */
export function withOlderTrades(snapshot: RecentTrade[], shown: RecentTrade[]): RecentTrade[] {
  const ids = new Set(snapshot.map((trade) => trade.id));
  const missing = shown.filter((trade) => !ids.has(trade.id));
  return [...snapshot, ...missing].sort(laterFirst).slice(0, RECENT_TRADES);
}

/** Depth as a push or a snapshot delivers it, with the book version it shows. */
export interface VersionedDepth {
  bids: BookLevel[];
  asks: BookLevel[];
  depthSeq: number;
}

/** Whichever depth shows the later book: a push or a snapshot older than what is shown is dropped. */
export function newerDepth<Shown extends VersionedDepth>(shown: Shown, incoming: VersionedDepth): Shown {
  return incoming.depthSeq < shown.depthSeq
    ? shown
    : { ...shown, bids: incoming.bids, asks: incoming.asks, depthSeq: incoming.depthSeq };
}
