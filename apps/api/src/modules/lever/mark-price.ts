import type { Redis } from 'ioredis';
import type { Sql } from '@exchange/kernel/db';
import { Money, type Money as MoneyValue } from '@exchange/kernel/ledger';
import { instanceChannel } from '@exchange/kernel/redis';
import { markOf } from './risk';

/**
 * The mark price of a pair comes from our own book only: the median of the last trade, the best bid and the
 * best ask, so one small trade cannot move it alone. The spot matcher publishes each market's top of book
 * after every batch it commits (a Redis key holding the latest, and a channel the risk worker follows);
 * whoever finds no key (a fresh Redis) reads the same three prices from Postgres.
 */
export interface TopOfBook {
  matchId: number;
  last?: string | undefined;
  bid?: string | undefined;
  ask?: string | undefined;
}

/** The channel the matcher publishes tops on (a full name: pub/sub channels carry no ioredis key prefix). */
export const topOfBookChannel = (redis: Redis, redisPrefix: string) =>
  instanceChannel(redis, redisPrefix, 'spot:top');
/** The key holding a market's latest top, without the instance prefix (a prefixed client adds it). */
export const topOfBookKey = (matchId: number) => `spot:top:${matchId}`;

/** The matcher's side, after a commit: `redis` is a plain (unprefixed) connection. */
export async function publishTopOfBook(redis: Redis, redisPrefix: string, top: TopOfBook): Promise<void> {
  const message = JSON.stringify(top);
  await redis.set(`${redisPrefix}${topOfBookKey(top.matchId)}`, message);
  await redis.publish(topOfBookChannel(redis, redisPrefix), message);
}

export function parseTopOfBook(message: string): TopOfBook | undefined {
  try {
    const value = JSON.parse(message) as Partial<TopOfBook>;
    if (typeof value.matchId !== 'number') return undefined;
    const price = (raw: unknown) => (typeof raw === 'string' && /^\d+(\.\d+)?$/.test(raw) ? raw : undefined);
    return { matchId: value.matchId, last: price(value.last), bid: price(value.bid), ask: price(value.ask) };
  } catch {
    return undefined;
  }
}

export const markOfTop = (top: TopOfBook | undefined): MoneyValue | undefined =>
  top
    ? markOf({
        last: top.last ? new Money(top.last) : undefined,
        bid: top.bid ? new Money(top.bid) : undefined,
        ask: top.ask ? new Money(top.ask) : undefined,
      })
    : undefined;

/** The top of book as Postgres holds it: the best resting prices and the last trade. */
export async function topOfBookFromDb(sql: Sql, matchId: number): Promise<TopOfBook> {
  const [row] = await sql.query<{ bid: string | null; ask: string | null; last: string | null }>(
    `SELECT
       (SELECT price::text FROM spot_orders WHERE match_id = $1 AND state = 'open' AND side = 1 ORDER BY price DESC LIMIT 1) AS bid,
       (SELECT price::text FROM spot_orders WHERE match_id = $1 AND state = 'open' AND side = 2 ORDER BY price ASC LIMIT 1) AS ask,
       (SELECT price::text FROM spot_trades WHERE match_id = $1 ORDER BY sequence DESC LIMIT 1) AS last`,
    [matchId],
  );
  return { matchId, bid: row?.bid ?? undefined, ask: row?.ask ?? undefined, last: row?.last ?? undefined };
}

/** Reads a market's mark: `redis` is a prefixed client (the API's); Postgres when Redis has no top. */
export async function readMark(redis: Redis, sql: Sql, matchId: number): Promise<MoneyValue | undefined> {
  const cached = await redis.get(topOfBookKey(matchId)).catch(() => null);
  const top = (cached ? parseTopOfBook(cached) : undefined) ?? (await topOfBookFromDb(sql, matchId));
  return markOfTop(top);
}
