import type { Redis } from 'ioredis';
import type pg from 'pg';
import { inTransaction, type Sql } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import { instanceChannel } from '@exchange/kernel/redis';
import {
  applyMovements,
  bookHouse,
  lockHouseBalance,
  LOG_TYPES,
  Money,
  type ColumnMovement,
  type HouseEntry,
  type Money as MoneyValue,
} from '@exchange/kernel/ledger';
import { markToClose, readMark } from './mark-price';
import { CLOSE_REASON, type CloseReason, type PositionRow } from './positions';
import { bookedProfit, LEVER_STATUS, profitAt, settleClose, type HouseReserve } from './risk';

export interface LeverDeps {
  /** `pg` pool for the money paths (one transaction per use case or batch). */
  pool: pg.Pool;
  /** Prefixed Redis client: marks, the worker's notifications. */
  redis: Redis;
  redisPrefix: string;
}

export interface SettledPosition {
  id: string;
  userId: number;
  legalId: number;
  matchId: number;
  reason: string;
  closePrice: string;
  /** The profit as paid (a cut that neither the pool nor the fund could pay is in `unpaid`). */
  profit: string;
  shortfall: string;
  insurancePaid: string;
  unpaid: string;
}

export interface CloseClaim {
  id: string;
  mark: MoneyValue;
  reason: CloseReason;
}

/** The worker's notifications: users whose positions or lever balances changed (full channel name). */
export const leverChangedChannel = (redis: Redis, redisPrefix: string) =>
  instanceChannel(redis, redisPrefix, 'lever:changed');

/** Tells the risk worker (after a commit) to reload these users; lost messages only delay its next reload. */
export async function notifyLeverChanged(deps: Pick<LeverDeps, 'redis' | 'redisPrefix'>, userIds: number[]) {
  if (userIds.length === 0) return;
  await deps.redis
    .publish(leverChangedChannel(deps.redis, deps.redisPrefix), JSON.stringify([...new Set(userIds)]))
    .catch(() => undefined);
}

const walletKey = (userId: number, currencyId: number) => `${userId}:${currencyId}`;

/**
 * Ids in ascending order, for statements that lock rows one key at a time (a lateral lookup per key): the
 * planner then only ever walks the primary key, never a whole status, and rows are locked in id order.
 */
export const sortedIds = (ids: (string | bigint)[]) =>
  [...new Set(ids.map(String))].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : BigInt(a) > BigInt(b) ? 1 : 0));

/** Locks these wallet rows (key order, as the ledger does) and reads their available lever balances. */
export async function lockLeverBalances(
  sql: Sql,
  keys: { userId: number; currencyId: number }[],
): Promise<Map<string, MoneyValue>> {
  const unique = [...new Map(keys.map((key) => [walletKey(key.userId, key.currencyId), key])).values()].sort(
    (a, b) => a.userId - b.userId || a.currencyId - b.currencyId,
  );
  const rows = await sql.query<{ user_id: number; currency_id: number; lever_balance: string }>(
    `SELECT w.user_id, w.currency_id, w.lever_balance::text AS lever_balance
     FROM unnest($1::int[], $2::int[]) AS k(user_id, currency_id)
     CROSS JOIN LATERAL (
       SELECT * FROM wallets w WHERE w.user_id = k.user_id AND w.currency_id = k.currency_id FOR UPDATE
     ) w`,
    [unique.map((key) => key.userId), unique.map((key) => key.currencyId)],
  );
  const balances = new Map<string, MoneyValue>();
  for (const row of rows) balances.set(walletKey(row.user_id, row.currency_id), new Money(row.lever_balance));
  return balances;
}

const scales = new Map<number, number>();
/** The decimal places of quote currencies (they never change while the exchange runs). */
async function moneyDecimals(sql: Sql, currencyIds: number[]): Promise<Map<number, number>> {
  const missing = [...new Set(currencyIds)].filter((id) => !scales.has(id));
  if (missing.length > 0) {
    const rows = await sql.query<{ id: number; decimal_scale: number }>(
      'SELECT id, decimal_scale FROM currencies WHERE id = ANY($1::int[])',
      [missing],
    );
    for (const row of rows) scales.set(row.id, row.decimal_scale);
  }
  return scales;
}

/**
 * Claims positions in trade for closing at the given marks (status 1 -> 2, recording the mark and why),
 * locking them in id order. A position no longer in trade is skipped: whoever claimed it first settles it,
 * so a close, a stop, a liquidation and a batch close racing for one position settle it exactly once.
 */
export async function claimForClose(sql: Sql, claims: CloseClaim[]): Promise<string[]> {
  return (await claimRows(sql, claims)).map((row) => row.id);
}

/** Claims as claimForClose does, answering the claimed rows as they now stand (status 2), in id order. */
async function claimRows(sql: Sql, claims: CloseClaim[]): Promise<PositionRow[]> {
  if (claims.length === 0) return [];
  // Lock first, in id order; then one UPDATE by primary key of what is still in trade.
  const locked = await sql.query<{ id: string }>(
    `SELECT t.id::text AS id FROM unnest($1::bigint[]) AS k(id) CROSS JOIN LATERAL (
       SELECT id FROM lever_transactions t WHERE t.id = k.id AND t.status = ${LEVER_STATUS.trading} FOR UPDATE
     ) t`,
    [sortedIds(claims.map((claim) => claim.id))],
  );
  if (locked.length === 0) return [];
  const still = new Set(locked.map((row) => row.id));
  const claiming = claims.filter((claim) => still.has(String(claim.id)));
  const rows = await sql.query<PositionRow>(
    `UPDATE lever_transactions t SET status = ${LEVER_STATUS.closing}, close_price = c.mark, update_price = c.mark,
       close_reason = c.reason, handle_time = now(), updated_at = now()
     FROM unnest($1::bigint[], $2::numeric[], $3::varchar[]) AS c(id, mark, reason)
     WHERE t.id = c.id AND t.status + 0 = ${LEVER_STATUS.trading}
     RETURNING t.*`,
    [
      claiming.map((claim) => claim.id),
      claiming.map((claim) => claim.mark.toFixed()),
      claiming.map((claim) => claim.reason),
    ],
  );
  const order = new Map(sortedIds(rows.map((row) => row.id)).map((id, index) => [id, index]));
  return rows.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
}

/**
 * Settles claimed positions (status 2) in one transaction through the ledger, each at the mark its claim
 * recorded: the margin leaves the locked balance, margin plus profit comes back (a loss beyond the margin is
 * taken from the available lever balance, and what that cannot cover from the insurance fund), the lever
 * pool takes the opposite side. Without ids: every position left closing (after a crash), oldest first.
 */
export async function settleClosing(sql: Sql, ids?: string[], limit = 2_000): Promise<SettledPosition[]> {
  const rows = ids
    ? ids.length === 0
      ? []
      : await sql.query<PositionRow>(
          `SELECT t.* FROM unnest($1::bigint[]) AS k(id) CROSS JOIN LATERAL (
             SELECT * FROM lever_transactions t WHERE t.id = k.id AND t.status = ${LEVER_STATUS.closing} FOR UPDATE
           ) t`,
          [sortedIds(ids)],
        )
    : await sql.query<PositionRow>(
        `SELECT * FROM lever_transactions WHERE status = ${LEVER_STATUS.closing} ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED`,
        [limit],
      );
  return settleRows(sql, rows);
}

/**
 * What the lever pool and the insurance fund hold in each quote currency, locked until the settling
 * transaction commits (pool before fund, currencies in order: the one order every settler takes them in), so
 * concurrent settlements pay winners one after the other from what is really there.
 */
async function lockReserves(sql: Sql, currencyIds: number[]): Promise<Map<number, HouseReserve>> {
  const reserves = new Map<number, HouseReserve>();
  for (const currencyId of [...new Set(currencyIds)].sort((a, b) => a - b)) {
    const pool = await lockHouseBalance(sql, 'lever_pool', currencyId);
    reserves.set(currencyId, { pool, fund: await lockHouseBalance(sql, 'insurance_fund', currencyId) });
  }
  return reserves;
}

/** Settles these claimed rows, locked by the caller's transaction and in id order (see settleClosing). */
async function settleRows(sql: Sql, rows: PositionRow[]): Promise<SettledPosition[]> {
  if (rows.length === 0) return [];
  const balances = await lockLeverBalances(
    sql,
    rows.map((row) => ({ userId: row.user_id, currencyId: row.legal_id })),
  );
  const decimals = await moneyDecimals(
    sql,
    rows.map((row) => row.legal_id),
  );
  const reserves = await lockReserves(
    sql,
    rows.map((row) => row.legal_id),
  );
  const movements: ColumnMovement[] = [];
  const house: HouseEntry[] = [];
  const settled: SettledPosition[] = [];
  for (const row of rows) {
    const key = walletKey(row.user_id, row.legal_id);
    const available = balances.get(key) ?? new Money(0);
    const closePrice = new Money(row.close_price ?? row.update_price);
    const profit = bookedProfit(
      profitAt({ type: row.type, price: new Money(row.price), number: new Money(row.number) }, closePrice),
      decimals.get(row.legal_id) ?? 8,
    );
    const reserve = reserves.get(row.legal_id) as HouseReserve;
    const outcome = settleClose(new Money(row.caution_money), profit, available, reserve);
    balances.set(key, available.plus(outcome.available));
    const type =
      row.close_reason === CLOSE_REASON.burst ? LOG_TYPES.LEVER_LIQUIDATION : LOG_TYPES.LEVER_CLOSE;
    const ref = { type: 'lever', id: row.id };
    const base = { userId: row.user_id, currencyId: row.legal_id, account: 'lever' as const, type, ref };
    movements.push({ ...base, isLock: true, delta: outcome.released.neg() });
    movements.push({ ...base, isLock: false, delta: outcome.available });
    house.push({ currencyId: row.legal_id, account: 'lever_pool', amount: outcome.pool, type, ref });
    if (!outcome.fund.isZero())
      house.push({ currencyId: row.legal_id, account: 'insurance_fund', amount: outcome.fund, type, ref });
    settled.push({
      id: row.id,
      userId: row.user_id,
      legalId: row.legal_id,
      matchId: row.match_id,
      reason: row.close_reason,
      closePrice: closePrice.toFixed(),
      profit: profit.minus(outcome.unpaid).toFixed(),
      shortfall: outcome.shortfall.toFixed(),
      insurancePaid: outcome.fund.neg().toFixed(),
      unpaid: outcome.unpaid.toFixed(),
    });
  }
  await applyMovements(sql, movements);
  await bookHouse(sql, house);
  const updated = await sql.execute(
    `UPDATE lever_transactions t SET status = ${LEVER_STATUS.closed}, fact_profits = s.profit, shortfall = s.shortfall,
       insurance_paid = s.insurance, unpaid_profit = s.unpaid, complete_time = now(), updated_at = now()
     FROM unnest($1::bigint[], $2::numeric[], $3::numeric[], $4::numeric[], $5::numeric[])
       AS s(id, profit, shortfall, insurance, unpaid)
     WHERE t.id = s.id AND t.status + 0 = ${LEVER_STATUS.closing}`,
    [
      settled.map((s) => s.id),
      settled.map((s) => s.profit),
      settled.map((s) => s.shortfall),
      settled.map((s) => s.insurancePaid),
      settled.map((s) => s.unpaid),
    ],
  );
  // The rows are locked by this transaction: anything else means something is badly wrong.
  if (updated !== settled.length)
    throw new Error(`settled ${updated} of ${settled.length} closing positions`);
  return settled;
}

/** Claims and settles in one transaction (settling the rows the claim answered, without reading them again). */
export async function closeAtMarks(sql: Sql, claims: CloseClaim[]): Promise<SettledPosition[]> {
  return settleRows(sql, await claimRows(sql, claims));
}

/** POST /api/lever/close: the owner closes one position in trade, at the mark, at once. */
export async function closePosition(deps: LeverDeps, userId: number, id: bigint): Promise<SettledPosition> {
  const settled = await inTransaction(deps.pool, async (sql) => {
    const [row] = await sql.query<PositionRow>(
      'SELECT * FROM lever_transactions WHERE id = $1 AND user_id = $2 FOR UPDATE',
      [id.toString(), userId],
    );
    if (!row) throw new AppError('lever_position_not_found');
    if (row.status !== LEVER_STATUS.trading) throw new AppError('lever_not_in_trade');
    const mark = markToClose(await readMark(sql, row.match_id));
    return closeAtMarks(sql, [{ id: row.id, mark, reason: CLOSE_REASON.user }]);
  });
  await notifyLeverChanged(deps, [userId]);
  const [position] = settled;
  if (!position) throw new AppError('lever_not_in_trade');
  return position;
}

const BATCH_CLOSE_TYPES = [0, 1, 2];

/**
 * POST /api/lever/batch_close: claims every matching position in trade (type 0 all, the default when blank,
 * 1 longs, 2 shorts; optionally one quote currency or pair), each at its pair's mark, then settles them.
 * Returns the settled.
 */
export async function batchClose(
  deps: LeverDeps,
  userId: number,
  input: { type: number | string; legalId?: number | undefined; currencyId?: number | undefined },
  options: { settle?: boolean } = {},
): Promise<string[]> {
  const type = input.type === '' ? 0 : Number(input.type);
  if (!BATCH_CLOSE_TYPES.includes(type)) throw new AppError('lever_batch_type_invalid');
  const claimed = await inTransaction(deps.pool, async (sql) => {
    const rows = await sql.query<PositionRow>(
      `SELECT * FROM lever_transactions WHERE user_id = $1 AND status = ${LEVER_STATUS.trading}
         AND ($2::int = 0 OR type = $2) AND ($3::int IS NULL OR legal_id = $3) AND ($4::int IS NULL OR currency_id = $4)
       ORDER BY id FOR UPDATE`,
      [userId, type, input.legalId ?? null, input.currencyId ?? null],
    );
    if (rows.length === 0) throw new AppError('lever_batch_none');
    const marks = new Map<number, MoneyValue>();
    for (const matchId of new Set(rows.map((row) => row.match_id))) {
      marks.set(matchId, markToClose(await readMark(sql, matchId)));
    }
    return claimForClose(
      sql,
      rows.map((row) => ({
        id: row.id,
        mark: marks.get(row.match_id) as MoneyValue,
        reason: CLOSE_REASON.batch,
      })),
    );
  });
  // Settled right away in a second transaction; if this process dies in between, the risk worker finishes
  // whatever is left closing.
  if (options.settle !== false) await inTransaction(deps.pool, (sql) => settleClosing(sql, claimed));
  await notifyLeverChanged(deps, [userId]);
  return claimed;
}
