import type pg from 'pg';
import { inTransaction, type Sql } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import {
  applyMovements,
  bookHouse,
  lock,
  lockHouseBalance,
  LOG_TYPES,
  Money,
  roundReceived,
  unlock,
  type ColumnMovement,
  type Money as MoneyValue,
} from '@exchange/kernel/ledger';
import type { SavingsPlan } from './plans';

/**
 * A savings holding's life: the principal moves from the spot balance into its locked column (the holding
 * is the lock's holder); each completed day of the term writes one accrual row (unique per holding and day)
 * and its interest is paid from the house savings pool through the ledger (`savings_interest`); at the end
 * of the term the principal returns to the available balance. Every step runs under the holding's row lock
 * and is guarded by what is already recorded, so however often (and however late) it runs, no day is paid
 * twice or skipped and the principal returns exactly once.
 */
export const SAVINGS_POOL = 'savings_pool' as const;
export const DAY_MS = 86_400_000;

/** Where the time comes from: the wall clock, or a test's. */
export type Clock = () => Date;
export const HOLDING_STATUS = { holding: 1, matured: 2 } as const;

/** The interest of the whole term, rounded down at the currency's precision (the user receives it). */
export const termInterest = (amount: MoneyValue, ratePercent: MoneyValue, decimals: number) =>
  roundReceived(amount.times(ratePercent).div(100), decimals);

/** Day `index` (1-based) of the term: an equal share rounded down; the last day takes what is left. */
export function dayInterest(total: MoneyValue, days: number, index: number, decimals: number): MoneyValue {
  const daily = roundReceived(total.div(days), decimals);
  return index < days ? daily : total.minus(daily.times(days - 1));
}

/** What all holdings of a currency are still owed in interest (the pool must be able to pay it). */
async function interestOwed(sql: Sql, currencyId: number): Promise<MoneyValue> {
  const [row] = await sql.query<{ owed: string }>(
    `SELECT COALESCE(SUM(total_interest - interest_paid), 0)::text AS owed FROM savings_holdings
     WHERE currency_id = $1 AND total_interest > interest_paid`,
    [currencyId],
  );
  // Stryker disable next-line OptionalChaining,LogicalOperator,StringLiteral: unreachable, an aggregate answers a row.
  return new Money(row?.owed ?? '0');
}

export interface DepositRequest {
  plan: SavingsPlan;
  amount: MoneyValue;
}

/**
 * Opens a holding: the amount (validated by the caller against the plan) is locked in the spot account.
 * The pool must already hold the whole term's interest on top of what it owes other holdings, so interest
 * promised is interest that can be paid. Returns the holding's id and its end.
 */
export async function openHolding(
  pool: pg.Pool,
  userId: number,
  request: DepositRequest,
  now: Date,
): Promise<{ id: number; endAt: Date }> {
  const { plan, amount } = request;
  const total = termInterest(amount, plan.rate, plan.decimals);
  const endAt = new Date(now.getTime() + plan.day * DAY_MS);
  return inTransaction(pool, async (sql) => {
    if (total.gt(0)) {
      const reserve = await lockHouseBalance(sql, SAVINGS_POOL, plan.currencyId);
      if (reserve.lt((await interestOwed(sql, plan.currencyId)).plus(total)))
        throw new AppError('savings_pool_short');
    }
    const [row] = await sql.query<{ id: number }>(
      `INSERT INTO savings_holdings (user_id, plan_id, currency_id, amount, rate, day, total_interest,
         start_at, end_at, next_at)
       VALUES ($1, $2, $3, $4::numeric, $5::numeric, $6, $7::numeric, $8, $9, $10) RETURNING id`,
      [
        userId,
        plan.id,
        plan.currencyId,
        amount.toFixed(),
        plan.rate.toFixed(),
        plan.day,
        total.toFixed(),
        now,
        endAt,
        new Date(now.getTime() + DAY_MS),
      ],
    );
    // Stryker disable next-line ConditionalExpression,StringLiteral: unreachable, INSERT … RETURNING answers its row.
    if (!row) throw new Error('the holding was not written');
    await lock(sql, {
      userId,
      currencyId: plan.currencyId,
      account: 'change',
      amount,
      type: LOG_TYPES.SAVINGS_LOCK,
      ref: { type: 'savings', id: row.id },
    });
    return { id: row.id, endAt };
  });
}

interface HoldingRow {
  id: number;
  user_id: number;
  currency_id: number;
  decimal_scale: number;
  amount: string;
  day: number;
  total_interest: string;
  days_accrued: number;
  status: number;
  start_at: Date;
  end_at: Date;
}

export interface SettleOutcome {
  /** Days of interest recorded by this run. */
  accrued: number;
  /** Interest paid by this run (days recorded now or earlier and unpaid until now). */
  paid: MoneyValue;
  /** The principal returned by this run. */
  matured: boolean;
}

const NOTHING: SettleOutcome = { accrued: 0, paid: new Money(0), matured: false };

/** Days of the term completed at `now`. */
const daysDue = (holding: HoldingRow, now: Date) =>
  Math.min(holding.day, Math.max(0, Math.floor((now.getTime() - holding.start_at.getTime()) / DAY_MS)));

/**
 * Brings one holding up to `now`: records the days completed since the last run, pays every unpaid day
 * (when the pool can), and at the end of the term returns the principal. Idempotent and safe to run side by
 * side with itself (the holding row is locked first).
 */
export async function settleHolding(sql: Sql, holdingId: number, now: Date): Promise<SettleOutcome> {
  const [holding] = await sql.query<HoldingRow>(
    `SELECT h.id, h.user_id, h.currency_id, c.decimal_scale, h.amount::text AS amount, h.day,
       h.total_interest::text AS total_interest, h.days_accrued, h.status, h.start_at, h.end_at
     FROM savings_holdings h JOIN currencies c ON c.id = h.currency_id WHERE h.id = $1 FOR UPDATE OF h`,
    [holdingId],
  );
  if (!holding) return NOTHING;
  const accrued = await recordDays(sql, holding, now);
  const paid = await payUnpaidDays(sql, holding, now);
  const matured = holding.status === HOLDING_STATUS.holding && daysDue(holding, now) === holding.day;
  if (matured) await returnPrincipal(sql, holding, now);
  return { accrued, paid, matured };
}

async function recordDays(sql: Sql, holding: HoldingRow, now: Date): Promise<number> {
  // A matured holding has recorded all its days (it matures only once they are due): the check below would
  // find none, so this one only saves the work.
  // Stryker disable next-line ConditionalExpression: pure speed (see above).
  if (holding.status !== HOLDING_STATUS.holding) return 0;
  const due = daysDue(holding, now);
  // Stryker disable next-line EqualityOperator: with no new day, going on writes the same days_accrued and next_at.
  if (due <= holding.days_accrued) return 0;
  const total = new Money(holding.total_interest);
  const days = Array.from(
    { length: due - holding.days_accrued },
    (_, offset) => holding.days_accrued + offset + 1,
  );
  await sql.execute(
    `INSERT INTO savings_accruals (holding_id, day_index, amount)
     SELECT $1, d, a FROM unnest($2::int[], $3::numeric[]) AS x(d, a)`,
    [
      holding.id,
      days,
      days.map((index) => dayInterest(total, holding.day, index, holding.decimal_scale).toFixed()),
    ],
  );
  const nextAt = new Date(holding.start_at.getTime() + Math.min(due + 1, holding.day) * DAY_MS);
  await sql.execute('UPDATE savings_holdings SET days_accrued = $2, next_at = $3 WHERE id = $1', [
    holding.id,
    due,
    nextAt,
  ]);
  return days.length;
}

/** Pays every recorded, unpaid day of the holding, all or none: the pool pays only what it holds. */
async function payUnpaidDays(sql: Sql, holding: HoldingRow, now: Date): Promise<MoneyValue> {
  const unpaid = (
    await sql.query<{ id: string; amount: string }>(
      `SELECT id::text, amount::text FROM savings_accruals
       WHERE holding_id = $1 AND paid_at IS NULL AND amount > 0 ORDER BY day_index`,
      [holding.id],
    )
  ).map((row) => ({ id: row.id, amount: new Money(row.amount) }));
  const sum = unpaid.reduce((total, day) => total.plus(day.amount), new Money(0));
  // Stryker disable next-line ConditionalExpression: pure speed, paying no day moves and writes nothing anyway.
  if (sum.isZero()) return sum;
  const reserve = await lockHouseBalance(sql, SAVINGS_POOL, holding.currency_id);
  // Left unpaid: the next run (the daily job, the sweeper, maturity) pays it once the pool is funded.
  if (reserve.lt(sum)) return new Money(0);
  const movements: ColumnMovement[] = unpaid.map((day) => ({
    userId: holding.user_id,
    currencyId: holding.currency_id,
    account: 'change',
    isLock: false,
    delta: day.amount,
    type: LOG_TYPES.SAVINGS_INTEREST,
    ref: { type: 'savings_accrual', id: day.id },
  }));
  await applyMovements(sql, movements);
  await bookHouse(
    sql,
    unpaid.map((day) => ({
      currencyId: holding.currency_id,
      account: SAVINGS_POOL,
      amount: day.amount.neg(),
      type: LOG_TYPES.SAVINGS_INTEREST,
      ref: { type: 'savings_accrual', id: day.id },
    })),
  );
  await sql.execute('UPDATE savings_accruals SET paid_at = $2 WHERE id = ANY($1::bigint[])', [
    unpaid.map((day) => day.id),
    now,
  ]);
  await sql.execute('UPDATE savings_holdings SET interest_paid = interest_paid + $2::numeric WHERE id = $1', [
    holding.id,
    sum.toFixed(),
  ]);
  return sum;
}

async function returnPrincipal(sql: Sql, holding: HoldingRow, now: Date): Promise<void> {
  const changed = await sql.execute(
    `UPDATE savings_holdings SET status = ${HOLDING_STATUS.matured}, matured_at = $2
     WHERE id = $1 AND status = ${HOLDING_STATUS.holding}`,
    [holding.id, now],
  );
  // Stryker disable next-line ConditionalExpression,StringLiteral: unreachable, the row is locked and was read as holding.
  if (changed !== 1) throw new Error(`savings holding ${holding.id} changed under its lock`);
  await unlock(sql, {
    userId: holding.user_id,
    currencyId: holding.currency_id,
    account: 'change',
    amount: new Money(holding.amount),
    type: LOG_TYPES.SAVINGS_RETURN,
    ref: { type: 'savings', id: holding.id },
  });
}

const SWEEP_BATCH = 200;

/**
 * What the daily job and the sweeper run: every holding with a day (or its end) due by `now`, and every
 * holding with interest left unpaid (an underfunded pool), each in its own transaction. Returns totals and
 * the holdings that failed (left for the next run).
 */
export async function settleDue(
  pool: pg.Pool,
  now: Date,
): Promise<{ holdings: number; accrued: number; matured: number; failed: number[] }> {
  const totals = { holdings: 0, accrued: 0, matured: 0, failed: [] as number[] };
  let after = 0;
  for (;;) {
    const { rows } = await pool.query<{ id: number }>(
      `SELECT id FROM (
         SELECT id FROM savings_holdings WHERE status = ${HOLDING_STATUS.holding} AND next_at <= $1
         UNION SELECT DISTINCT holding_id FROM savings_accruals WHERE paid_at IS NULL AND amount > 0
       ) due WHERE id > $2 ORDER BY id LIMIT ${SWEEP_BATCH}`,
      [now, after],
    );
    if (rows.length === 0) break;
    for (const { id } of rows) {
      after = id;
      // One holding that cannot be settled (it is retried next run) does not hold up the others.
      const outcome = await inTransaction(pool, (sql) => settleHolding(sql, id, now)).catch(() => {
        totals.failed.push(id);
        return NOTHING;
      });
      totals.holdings += 1;
      totals.accrued += outcome.accrued;
      if (outcome.matured) totals.matured += 1;
    }
  }
  return totals;
}

/** Holdings still running, with their end: the maturity jobs the sweeper schedules again. */
export async function runningHoldings(pool: pg.Pool, limit: number): Promise<{ id: number; endAt: Date }[]> {
  const { rows } = await pool.query<{ id: number; end_at: Date }>(
    `SELECT id, end_at FROM savings_holdings WHERE status = ${HOLDING_STATUS.holding} ORDER BY next_at LIMIT $1`,
    [limit],
  );
  return rows.map((row) => ({ id: row.id, endAt: row.end_at }));
}
