import type { Sql } from '@exchange/kernel/db';
import { Money, type Money as MoneyValue } from '@exchange/kernel/ledger';

/**
 * Seconds-contract prices, read only from the trades our own matcher recorded, so anyone holding the trades
 * can recompute them (`ops micro:verify` does).
 *
 * The price of a pair at an instant T, for the open (T = acceptance) and the end (T = expiry) alike, is the
 * volume-weighted average price of its trades in (T - window, T]. One tiny trade must not set it: the last
 * trade did, and two accounts of one person could print it at any price on a thin book with a tiny
 * self-cross. So the trades counted must add up to a minimum notional (quote currency); when the window
 * holds less, the price reaches back to earlier trades, most recent first, until the minimum is met, but no
 * further back than the lookback: an older price is not the price at T. When even the lookback holds less,
 * there is no reliable price: an order is refused at acceptance and void at expiry. The price is rounded
 * to the pair's price precision (half up): a move smaller than half a tick is no move. Open and end use
 * the same rule, so a flat market is a tie rather than a coin toss between two different estimators.
 *
 * A wash trade counts like any other (the matcher already cancels one user's order that would cross his
 * own, so only trades between two accounts reach the table), but it weighs only its share of the volume:
 * to move the price the attacker must trade volume against the window's honest volume and pay the spot
 * fees on it, and a far price first sweeps every honest order between the market and it. The exposure
 * caps (exposure.ts) bound what moving it could win.
 *
 * A matcher batch stamps its trades when it starts and commits a few milliseconds later, so a trade stamped
 * just before an instant can become visible just after it. Settlement therefore runs SETTLE_GRACE_MS after
 * an order expires (and reads the open price again then), by which time every trade stamped at or before
 * either instant is committed.
 */
export const SETTLE_GRACE_MS = 250;

/** How a pair's seconds orders are priced; copied onto each order at acceptance (`price_*` columns). */
export interface PriceRule {
  windowMs: number;
  lookbackMs: number;
  /** In the pair's quote currency: the sum of the counted trades' price × amount. */
  minNotional: string;
  /** The pair's price precision the volume-weighted price is rounded to. */
  decimals: number;
}

export interface PriceReading {
  /** Undefined when the trades within the lookback fall short of the minimum notional. */
  price: MoneyValue | undefined;
  /** The notional and number of the trades counted (the last-trade rule of older orders counts one). */
  notional: MoneyValue;
  trades: number;
}

export interface PriceQuery {
  matchId: number;
  at: Date;
  /** Null for orders accepted under the last-trade rule, before the volume-weighted one. */
  rule: PriceRule | null;
}

/** The rule a pair prices new seconds orders by. */
export function pairPriceRule(pair: {
  micro_price_window_seconds: number;
  micro_price_lookback_seconds: number;
  micro_price_min_notional: { toFixed: () => string };
  price_decimals: number;
}): PriceRule {
  return {
    windowMs: pair.micro_price_window_seconds * 1000,
    lookbackMs: pair.micro_price_lookback_seconds * 1000,
    minNotional: new Money(pair.micro_price_min_notional.toFixed()).toFixed(),
    decimals: pair.price_decimals,
  };
}

/** The rule an order was accepted under (null: the last-trade rule of orders older than this one). */
export function orderPriceRule(order: {
  price_window_ms: number | null;
  price_lookback_ms: number | null;
  price_min_notional: string | null;
  price_decimals: number | null;
}): PriceRule | null {
  // The rule's columns are all set or all null (orders older than the rule): micro_orders_price_rule_check.
  if (order.price_window_ms === null) return null;
  return {
    windowMs: order.price_window_ms,
    lookbackMs: order.price_lookback_ms as number,
    minNotional: new Money(order.price_min_notional as string).toFixed(),
    decimals: order.price_decimals as number,
  };
}

export const priceKey = (query: PriceQuery) =>
  query.rule
    ? `${query.matchId}@${query.at.getTime()}:${query.rule.windowMs}/${query.rule.lookbackMs}/${query.rule.minNotional}/${query.rule.decimals}`
    : `${query.matchId}@${query.at.getTime()}`;

/** One instant's price: see pricesAt. */
export async function priceAt(db: Sql, query: PriceQuery): Promise<PriceReading> {
  // pricesAt answers every query.
  return (await pricesAt(db, [query])).get(priceKey(query)) as PriceReading;
}

const noTrades = (): PriceReading => ({ price: undefined, notional: new Money(0), trades: 0 });

/**
 * Many prices at once (a settlement batch asks for two per order): one statement per rule kind, one index
 * range per distinct query. Answers by priceKey; every query has an answer (no trade: no price, 0 trades).
 */
export async function pricesAt(db: Sql, queries: PriceQuery[]): Promise<Map<string, PriceReading>> {
  const distinct = [...new Map(queries.map((query) => [priceKey(query), query])).values()];
  const weighted = distinct.filter((query): query is WeightedQuery => query.rule !== null);
  const lastTrade = distinct.filter((query) => query.rule === null);
  const [byWeight, byLast] = await Promise.all([
    weightedPrices(db, weighted),
    lastTradePrices(db, lastTrade),
  ]);
  const answer = new Map<string, PriceReading>();
  distinct.forEach((query) => answer.set(priceKey(query), noTrades()));
  weighted.forEach((query, index) => {
    // The sums answer every query, with zeros where nothing traded.
    const row = byWeight.get(index + 1) as WeightedRow;
    const notional = new Money(row.notional);
    const price = notional.gte(query.rule.minNotional)
      ? notional.div(row.volume).toDecimalPlaces(query.rule.decimals, Money.ROUND_HALF_UP)
      : undefined;
    answer.set(priceKey(query), { price, notional, trades: row.trades });
  });
  lastTrade.forEach((query, index) => {
    const row = byLast.get(index + 1);
    if (row) answer.set(priceKey(query), { price: new Money(row.price), notional: new Money(0), trades: 1 });
  });
  return answer;
}

type WeightedQuery = PriceQuery & { rule: PriceRule };

interface WeightedRow {
  i: number;
  notional: string;
  volume: string;
  trades: number;
}

/**
 * The trades in the window, then (only when they fall short of the minimum: the condition on `w` makes the
 * second scan a one-time filter) the earlier ones within the lookback, most recent first, each while the
 * notional counted before it is still short.
 */
async function weightedPrices(db: Sql, queries: WeightedQuery[]): Promise<Map<number, WeightedRow>> {
  // Pure speed: no query, no statement (the statement would answer nothing). Its sibling `true` (never a
  // statement) leaves every order without a price, which every settlement test catches.
  // Stryker disable next-line ConditionalExpression: see above.
  if (queries.length === 0) return new Map();
  const rows = await db.query<WeightedRow>(
    `SELECT q.i::int AS i, (w.notional + x.notional)::text AS notional, (w.volume + x.volume)::text AS volume,
       (w.trades + x.trades)::int AS trades
     FROM unnest($1::int[], $2::timestamptz[], $3::int[], $4::int[], $5::numeric[])
       WITH ORDINALITY AS q(match_id, at, window_ms, lookback_ms, min_notional, i)
     CROSS JOIN LATERAL (
       SELECT COALESCE(SUM(s.quote_amount), 0) AS notional, COALESCE(SUM(s.amount), 0) AS volume, count(*) AS trades
       FROM spot_trades s WHERE s.match_id = q.match_id AND s.created_at <= q.at
         AND s.created_at > q.at - q.window_ms * interval '1 millisecond'
     ) w
     CROSS JOIN LATERAL (
       SELECT COALESCE(SUM(e.quote_amount), 0) AS notional, COALESCE(SUM(e.amount), 0) AS volume, count(*) AS trades
       FROM (
         SELECT s.quote_amount, s.amount,
           SUM(s.quote_amount) OVER (ORDER BY s.created_at DESC, s.sequence DESC) AS reached
         FROM spot_trades s WHERE w.notional < q.min_notional AND s.match_id = q.match_id
           AND s.created_at <= q.at - q.window_ms * interval '1 millisecond'
           AND s.created_at > q.at - q.lookback_ms * interval '1 millisecond'
       ) e WHERE w.notional + e.reached - e.quote_amount < q.min_notional
     ) x`,
    [
      queries.map((query) => query.matchId),
      queries.map((query) => query.at.toISOString()),
      queries.map((query) => query.rule.windowMs),
      queries.map((query) => query.rule.lookbackMs),
      queries.map((query) => query.rule.minNotional),
    ],
  );
  return new Map(rows.map((row) => [row.i, row]));
}

/** The last trade at or before each instant (by trade time, then the market's sequence): the old rule. */
async function lastTradePrices(
  db: Sql,
  queries: PriceQuery[],
): Promise<Map<number, { i: number; price: string }>> {
  // Pure speed: no query, no statement (the statement would answer nothing). Its sibling `true` (never a
  // statement) leaves the orders of the last-trade rule without a price, which settle.test.ts catches.
  // Stryker disable next-line ConditionalExpression: see above.
  if (queries.length === 0) return new Map();
  const rows = await db.query<{ i: number; price: string }>(
    `SELECT q.i::int AS i, t.price::text AS price
     FROM unnest($1::int[], $2::timestamptz[]) WITH ORDINALITY AS q(match_id, at, i)
     CROSS JOIN LATERAL (
       SELECT price FROM spot_trades s WHERE s.match_id = q.match_id AND s.created_at <= q.at
       ORDER BY s.created_at DESC, s.sequence DESC LIMIT 1
     ) t`,
    [queries.map((query) => query.matchId), queries.map((query) => query.at.toISOString())],
  );
  return new Map(rows.map((row) => [row.i, row]));
}

/** Which way the market went for an order: 1 it won, 0 a tie, -1 it lost (type 1 bets up, 2 down). */
export function outcomeOf(type: number, openPrice: MoneyValue, endPrice: MoneyValue): -1 | 0 | 1 {
  const moved = endPrice.comparedTo(openPrice);
  if (moved === 0) return 0;
  // It wins when the price moved its way: up (1) for type 1, down (-1) for type 2.
  return moved === (type === 1 ? 1 : -1) ? 1 : -1;
}
