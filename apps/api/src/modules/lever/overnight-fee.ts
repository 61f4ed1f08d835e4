import type pg from 'pg';
import { inTransaction, type Sql } from '@exchange/kernel/db';
import {
  applyMovements,
  bookHouse,
  LOG_TYPES,
  Money,
  type ColumnMovement,
  type HouseEntry,
  type Money as MoneyValue,
} from '@exchange/kernel/ledger';
import { closeAtMarks, lockLeverBalances, sortedIds, type SettledPosition } from './close-position';
import { CLOSE_REASON, type PositionRow } from './positions';
import { LEVER_STATUS, overnightFee } from './risk';

/** Overnight fees are charged per Asia/Shanghai calendar day (UTC+8, no daylight saving). */
const SHANGHAI_OFFSET_MS = 8 * 3_600_000;
const BATCH = 500;

/** The Asia/Shanghai date of an instant, as YYYY-MM-DD. */
export const shanghaiDay = (at: Date) =>
  new Date(at.getTime() + SHANGHAI_OFFSET_MS).toISOString().slice(0, 10);

/** The instant a Shanghai day begins. */
export const shanghaiMidnight = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - SHANGHAI_OFFSET_MS);

export interface OvernightRun {
  day: string;
  /** Already finished before this run: nothing charged. */
  alreadyDone: boolean;
  charged: number;
  /** Positions whose margin and balance could not pay the fee: closed at the mark. */
  closed: SettledPosition[];
}

/**
 * Charges one day's overnight fee on every position in trade opened before that day began: from the margin
 * first, then the available lever balance. A position whose margin and balance together cannot pay is closed
 * at the mark first, and the fee is then taken from what the close returned, as far as it goes: never an
 * overdraft. One row per position and day (written in the charge's own transaction) and one per finished
 * day make the job idempotent: run twice, or after Redis lost its schedule, a day is charged exactly once.
 */
export async function chargeOvernightFees(
  pool: pg.Pool,
  day: string,
  markOf: (matchId: number) => Promise<MoneyValue | undefined>,
): Promise<OvernightRun> {
  const run: OvernightRun = { day, alreadyDone: false, charged: 0, closed: [] };
  const [state] = await inTransaction(pool, async (sql) => {
    await sql.execute(
      'INSERT INTO lever_overnight_days (day) VALUES ($1::varchar) ON CONFLICT (day) DO NOTHING',
      [day],
    );
    return sql.query<{ finished: boolean }>(
      'SELECT finished_at IS NOT NULL AS finished FROM lever_overnight_days WHERE day = $1::varchar',
      [day],
    );
  });
  if (state?.finished) return { ...run, alreadyDone: true };
  const cutoff = shanghaiMidnight(day);
  let after = '0';
  for (;;) {
    const ids = (
      await pool.query<{ id: string }>(
        `SELECT t.id::text AS id FROM lever_transactions t
         WHERE t.status = ${LEVER_STATUS.trading} AND t.id > $1::bigint AND t.transaction_time < $2 AND t.overnight > 0
           AND NOT EXISTS (SELECT 1 FROM lever_overnight_charges c WHERE c.position_id = t.id AND c.day = $3::varchar)
         ORDER BY t.id LIMIT ${BATCH}`,
        [after, cutoff, day],
      )
    ).rows.map((row) => row.id);
    if (ids.length === 0) break;
    after = ids[ids.length - 1] as string;
    const marks = new Map<number, MoneyValue | undefined>();
    const batch = await inTransaction(pool, (sql) => chargeBatch(sql, ids, day, marks, markOf));
    run.charged += batch.charged;
    run.closed.push(...batch.closed);
  }
  await pool.query(
    `UPDATE lever_overnight_days SET finished_at = now(),
       positions = (SELECT count(*) FROM lever_overnight_charges WHERE day = $1::varchar) WHERE day = $1::varchar`,
    [day],
  );
  return run;
}

async function chargeBatch(
  sql: Sql,
  ids: string[],
  day: string,
  marks: Map<number, MoneyValue | undefined>,
  markOf: (matchId: number) => Promise<MoneyValue | undefined>,
): Promise<{ charged: number; closed: SettledPosition[] }> {
  const locked = await sql.query<PositionRow & { decimal_scale: number }>(
    `SELECT t.*, (SELECT decimal_scale FROM currencies c WHERE c.id = t.legal_id) AS decimal_scale
     FROM unnest($1::bigint[]) AS k(id) CROSS JOIN LATERAL (
       SELECT * FROM lever_transactions t WHERE t.id = k.id AND t.status = ${LEVER_STATUS.trading} FOR UPDATE
     ) t`,
    [sortedIds(ids)],
  );
  // Under the positions' locks, a charge another run committed meanwhile is visible: those are skipped.
  const done = new Set(
    (
      await sql.query<{ id: string }>(
        'SELECT position_id::text AS id FROM lever_overnight_charges WHERE day = $2::varchar AND position_id = ANY($1::bigint[])',
        [ids, day],
      )
    ).map((row) => row.id),
  );
  const rows = locked.filter((row) => !done.has(row.id));
  const fees = rows.map((row) =>
    overnightFee(
      { price: new Money(row.price), number: new Money(row.number), overnight: new Money(row.overnight) },
      row.decimal_scale,
    ),
  );
  const balances = await lockLeverBalances(
    sql,
    rows.map((row) => ({ userId: row.user_id, currencyId: row.legal_id })),
  );
  const key = (row: PositionRow) => `${row.user_id}:${row.legal_id}`;
  const closed: SettledPosition[] = [];
  // Positions that cannot pay are closed first (their settlement changes the balances read above).
  for (const [index, row] of rows.entries()) {
    const fee = fees[index] as MoneyValue;
    const available = balances.get(key(row)) ?? new Money(0);
    const margin = new Money(row.caution_money);
    if (margin.plus(available).gte(fee)) {
      balances.set(key(row), available.minus(Money.max(fee.minus(margin), 0)));
      continue;
    }
    if (!marks.has(row.match_id)) marks.set(row.match_id, await markOf(row.match_id));
    const mark = marks.get(row.match_id);
    if (!mark) continue;
    closed.push(...(await closeAtMarks(sql, [{ id: row.id, mark, reason: CLOSE_REASON.overnight }])));
  }
  const after =
    closed.length > 0
      ? await lockLeverBalances(
          sql,
          rows.map((row) => ({ userId: row.user_id, currencyId: row.legal_id })),
        )
      : balances;
  const closedIds = new Set(closed.map((position) => position.id));
  const movements: ColumnMovement[] = [];
  const house: HouseEntry[] = [];
  const charges: { id: string; amount: string; fromMargin: string }[] = [];
  const left = new Map(after);
  const base = (row: PositionRow) => ({
    userId: row.user_id,
    currencyId: row.legal_id,
    account: 'lever' as const,
    type: LOG_TYPES.LEVER_OVERNIGHT,
    ref: { type: 'lever', id: row.id },
  });
  for (const [index, row] of rows.entries()) {
    const fee = fees[index] as MoneyValue;
    if (fee.lte(0) || closedIds.has(row.id)) continue;
    const fromMargin = Money.min(fee, new Money(row.caution_money));
    const fromBalance = fee.minus(fromMargin);
    left.set(key(row), (left.get(key(row)) ?? new Money(0)).minus(fromBalance));
    if (fromMargin.gt(0)) movements.push({ ...base(row), isLock: true, delta: fromMargin.neg() });
    if (fromBalance.gt(0)) movements.push({ ...base(row), isLock: false, delta: fromBalance.neg() });
    house.push({
      currencyId: row.legal_id,
      account: 'fees',
      amount: fee,
      type: LOG_TYPES.LEVER_OVERNIGHT,
      ref: base(row).ref,
    });
    charges.push({ id: row.id, amount: fee.toFixed(), fromMargin: fromMargin.toFixed() });
  }
  for (const [index, row] of rows.entries()) {
    const fee = fees[index] as MoneyValue;
    if (fee.lte(0) || !closedIds.has(row.id)) continue;
    // Closed for want of funds: whatever the close returned pays what it can of the fee.
    const available = Money.max(left.get(key(row)) ?? new Money(0), 0);
    const paid = Money.min(fee, available);
    left.set(key(row), available.minus(paid));
    charges.push({ id: row.id, amount: paid.toFixed(), fromMargin: '0' });
    if (paid.lte(0)) continue;
    movements.push({ ...base(row), isLock: false, delta: paid.neg() });
    house.push({
      currencyId: row.legal_id,
      account: 'fees',
      amount: paid,
      type: LOG_TYPES.LEVER_OVERNIGHT,
      ref: base(row).ref,
    });
  }
  // The day's record first: a position already charged today (a concurrent run) is left alone.
  const recorded = new Set(
    (
      await sql.query<{ id: string }>(
        `INSERT INTO lever_overnight_charges (position_id, day, amount)
         SELECT id, $2::varchar, amount FROM unnest($1::bigint[], $3::numeric[]) AS c(id, amount)
         ON CONFLICT (position_id, day) DO NOTHING RETURNING position_id::text AS id`,
        [charges.map((charge) => charge.id), day, charges.map((charge) => charge.amount)],
      )
    ).map((row) => row.id),
  );
  // The positions are locked and were checked above: a conflict here means something is badly wrong.
  if (recorded.size !== charges.length) throw new Error('overnight fees of this batch were already recorded');
  await applyMovements(sql, movements);
  await bookHouse(sql, house);
  await sql.execute(
    `UPDATE lever_transactions t SET caution_money = t.caution_money - c.from_margin,
       overnight_money = t.overnight_money + c.amount, updated_at = now()
     FROM unnest($1::bigint[], $2::numeric[], $3::numeric[]) AS c(id, amount, from_margin) WHERE t.id = c.id`,
    [
      charges.map((charge) => charge.id),
      charges.map((charge) => charge.amount),
      charges.map((charge) => charge.fromMargin),
    ],
  );
  return { charged: charges.length, closed };
}
