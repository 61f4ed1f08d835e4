import type { Sql } from '@exchange/kernel/db';
import { Money, type Money as MoneyValue } from '@exchange/kernel/ledger';

/**
 * Seconds-contract prices, read only from the trades our own matcher recorded: the price of a pair at an
 * instant is the price of its last trade at or before that instant (by trade time, then by the market's
 * trade sequence). No other source, no jitter, no override: anyone holding the trades can recompute it.
 *
 * A matcher batch stamps its trades when it starts and commits a few milliseconds later, so a trade stamped
 * just before an instant can become visible just after it. Settlement therefore runs SETTLE_GRACE_MS after
 * an order expires (and reads the open price again then), by which time every trade stamped at or before
 * either instant is committed; `ops micro:verify` recomputes both from the stored trades.
 */
export const SETTLE_GRACE_MS = 250;

export interface TradePrice {
  tradeId: string;
  price: MoneyValue;
}

/** The last trade of a pair at or before `at`; undefined when the pair had no trade by then. */
export async function priceAt(db: Sql, matchId: number, at: Date): Promise<TradePrice | undefined> {
  const [row] = await db.query<{ id: string; price: string }>(
    `SELECT id::text, price::text FROM spot_trades WHERE match_id = $1 AND created_at <= $2
     ORDER BY created_at DESC, sequence DESC LIMIT 1`,
    [matchId, at.toISOString()],
  );
  return row ? { tradeId: row.id, price: new Money(row.price) } : undefined;
}

export interface PriceQuery {
  matchId: number;
  at: Date;
}

const keyOf = (query: PriceQuery) => `${query.matchId}@${query.at.getTime()}`;

/**
 * Many prices at once (a settlement batch asks for two per order): one statement, one index lookup per
 * distinct (pair, instant). Answers by `matchId@epochMs`; instants with no trade yet are absent.
 */
export async function pricesAt(db: Sql, queries: PriceQuery[]): Promise<Map<string, TradePrice>> {
  const distinct = [...new Map(queries.map((query) => [keyOf(query), query])).values()];
  const answer = new Map<string, TradePrice>();
  if (distinct.length === 0) return answer;
  const rows = await db.query<{ match_id: number; at_ms: string; id: string; price: string }>(
    `SELECT q.match_id, q.at_ms::text AS at_ms, t.id::text AS id, t.price::text AS price
     FROM unnest($1::int[], $2::timestamptz[], $3::bigint[]) AS q(match_id, at, at_ms)
     CROSS JOIN LATERAL (
       SELECT id, price FROM spot_trades s WHERE s.match_id = q.match_id AND s.created_at <= q.at
       ORDER BY s.created_at DESC, s.sequence DESC LIMIT 1
     ) t`,
    [
      distinct.map((query) => query.matchId),
      distinct.map((query) => query.at.toISOString()),
      distinct.map((query) => query.at.getTime()),
    ],
  );
  for (const row of rows) {
    answer.set(`${row.match_id}@${row.at_ms}`, { tradeId: row.id, price: new Money(row.price) });
  }
  return answer;
}

export const priceKey = keyOf;

/** Which way the market went for an order: 1 it won, 0 a tie, -1 it lost (type 1 bets up, 2 down). */
export function outcomeOf(type: number, openPrice: MoneyValue, endPrice: MoneyValue): -1 | 0 | 1 {
  const moved = endPrice.comparedTo(openPrice);
  if (moved === 0) return 0;
  const up = moved > 0;
  return (type === 1 ? up : !up) ? 1 : -1;
}
