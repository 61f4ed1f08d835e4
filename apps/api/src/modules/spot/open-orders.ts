import type { Db, Sql } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';

/**
 * The open-order limit of spot: at most this many live (`new` or `open`) orders per user and market. It is
 * enforced from a counter row per (user, market) in `spot_open_orders`, locked and updated in the same
 * transactions that store orders (the placement group commit) and end them (the matcher's batch), so it holds
 * across any number of API processes. Both lock the counter rows after the wallets and in key order, so they
 * never deadlock on them. The audit checks every counter against the live orders it counts.
 */
export const MAX_OPEN_ORDERS_PER_MARKET = 200;

/** One (user, market) counter a group commit touches, with how many of its requests name it. */
export interface OpenOrderKey {
  userId: number;
  matchId: number;
  requests: number;
}

/** How a counter is named in the maps below. */
export const openOrderKeyOf = (userId: number, matchId: number) => `${userId}:${matchId}`;

/** Each (user, market) of the requests once, with its number of requests, in the order the rows are locked. */
export function openOrderKeys(requests: { userId: number; matchId: number }[]): OpenOrderKey[] {
  const requested = new Map<string, OpenOrderKey>();
  for (const request of requests) {
    const key = openOrderKeyOf(request.userId, request.matchId);
    const entry = requested.get(key);
    if (entry) entry.requests += 1;
    else requested.set(key, { userId: request.userId, matchId: request.matchId, requests: 1 });
  }
  return [...requested.values()].sort((a, b) => a.userId - b.userId || a.matchId - b.matchId);
}

/** The refusal of one more order when its owner already has `open` live orders in the market, if any. */
export function openOrderLimitError(open: number): AppError | undefined {
  return open >= MAX_OPEN_ORDERS_PER_MARKET
    ? new AppError('too_many_open_orders', { max: MAX_OPEN_ORDERS_PER_MARKET })
    : undefined;
}

/**
 * Adds every request of a group commit to its (user, market) counter up front (one upsert that also locks the
 * rows, in key order) and returns, per key, its count before this batch. Requests that are then refused are
 * taken back off by `returnOpenOrders` in the same transaction.
 */
export async function reserveOpenOrders(sql: Sql, keys: OpenOrderKey[]): Promise<Map<string, number>> {
  const rows = await sql.query<{ user_id: number; match_id: number; open: number }>(
    `INSERT INTO spot_open_orders AS c (user_id, match_id, open)
     SELECT * FROM unnest($1::int[], $2::int[], $3::int[])
     ON CONFLICT (user_id, match_id) DO UPDATE SET open = c.open + EXCLUDED.open
     RETURNING c.user_id, c.match_id, c.open`,
    [keys.map((key) => key.userId), keys.map((key) => key.matchId), keys.map((key) => key.requests)],
  );
  const after = new Map(rows.map((row) => [openOrderKeyOf(row.user_id, row.match_id), row.open]));
  return new Map(
    keys.map((key) => {
      const name = openOrderKeyOf(key.userId, key.matchId);
      const total = after.get(name);
      if (total === undefined) throw new Error(`no open-order counter for ${name}`);
      return [name, total - key.requests];
    }),
  );
}

/** Takes the requests a group commit refused back off their counters (rows this transaction has locked). */
export async function returnOpenOrders(
  sql: Sql,
  unused: { userId: number; matchId: number; left: number }[],
): Promise<void> {
  await sql.execute(
    `UPDATE spot_open_orders c SET open = c.open - v.n
     FROM unnest($1::int[], $2::int[], $3::int[]) AS v(user_id, match_id, n)
     WHERE c.user_id = v.user_id AND c.match_id = v.match_id`,
    [unused.map((key) => key.userId), unused.map((key) => key.matchId), unused.map((key) => key.left)],
  );
}

/**
 * Takes the orders that ended in a matcher batch off their owners' counters for the market (`ended`: number
 * of orders per owner). The rows are locked first, in key order.
 */
export async function releaseEndedOrders(
  sql: Sql,
  matchId: number,
  ended: Map<number, number>,
): Promise<void> {
  if (ended.size === 0) return;
  const owners = [...ended.keys()].sort((a, b) => a - b);
  await Promise.all([
    sql.query(
      'SELECT 1 FROM spot_open_orders WHERE match_id = $1 AND user_id = ANY($2::int[]) ORDER BY user_id FOR UPDATE',
      [matchId, owners],
    ),
    sql.execute(
      `UPDATE spot_open_orders c SET open = c.open - v.n
       FROM unnest($2::int[], $3::int[]) AS v(user_id, n)
       WHERE c.match_id = $1 AND c.user_id = v.user_id`,
      [matchId, owners, owners.map((owner) => ended.get(owner) ?? 0)],
    ),
  ]);
}

/** Every open-order counter that differs from the live orders it counts, as audit problems. */
export async function miscountedOpenOrders(db: Db): Promise<string[]> {
  const rows = await db.$queryRawUnsafe<
    { user_id: number; match_id: number; counted: number; live: number }[]
  >(`
    WITH live AS (
      SELECT user_id, match_id, count(*)::int AS n FROM spot_orders WHERE state IN ('new', 'open') GROUP BY user_id, match_id
    )
    SELECT COALESCE(c.user_id, l.user_id) AS user_id, COALESCE(c.match_id, l.match_id) AS match_id,
      COALESCE(c.open, 0) AS counted, COALESCE(l.n, 0) AS live
    FROM spot_open_orders c FULL OUTER JOIN live l USING (user_id, match_id)
    WHERE COALESCE(c.open, 0) <> COALESCE(l.n, 0)`);
  return rows.map(
    (row) =>
      `user ${row.user_id} market ${row.match_id}: ${row.counted} open orders counted but ${row.live} live`,
  );
}
