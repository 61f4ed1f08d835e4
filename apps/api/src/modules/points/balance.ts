import type { Sql } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import { Money, type Money as MoneyValue } from '@exchange/kernel/ledger';

/**
 * Points are not money: they live in their own balance (points_balances), and every change of it is one
 * guarded statement that also appends its points_logs row (delta, balance after, reason, reference), so the
 * balance always equals the sum of its log and can never go below zero.
 */

/** Points have two decimal places: what a user types beyond that is refused, what is worked out rounds. */
export const POINTS_DECIMALS = 2;

export interface PointsChange {
  userId: number;
  /** Signed: positive grants, negative spends. */
  delta: MoneyValue;
  reason: string;
  ref?: { type: string; id: string | number };
}

/** Applies one change; a spend that would go below zero changes nothing and answers jc_points_insufficient. */
export async function changePoints(sql: Sql, change: PointsChange): Promise<MoneyValue> {
  if (!change.delta.isFinite() || change.delta.isZero())
    throw new Error(`points changes must be non-zero, got ${change.delta.toString()}`);
  const delta = change.delta.toFixed();
  const [row] = await sql.query<{ balance_after: string }>(
    `WITH moved AS (
       UPDATE points_balances SET balance = balance + $2::numeric, updated_at = now()
       WHERE user_id = $1 AND balance + $2::numeric >= 0 RETURNING balance)
     INSERT INTO points_logs (user_id, delta, balance_after, reason, ref_type, ref_id)
     SELECT $1, $2::numeric, balance, $3, $4, $5 FROM moved RETURNING balance_after::text`,
    [change.userId, delta, change.reason, change.ref?.type ?? '', change.ref ? String(change.ref.id) : ''],
  );
  // A first grant to a user without a row yet: open the row, then apply the change to it.
  if (!row && change.delta.gt(0)) {
    await sql.execute('INSERT INTO points_balances (user_id) VALUES ($1) ON CONFLICT (user_id) DO NOTHING', [
      change.userId,
    ]);
    return changePoints(sql, change);
  }
  if (!row) throw new AppError('jc_points_insufficient');
  return new Money(row.balance_after);
}

/** A user's points balance (zero for a user who never had any). */
export async function pointsOf(sql: Sql, userId: number): Promise<MoneyValue> {
  const [row] = await sql.query<{ balance: string }>(
    'SELECT balance::text AS balance FROM points_balances WHERE user_id = $1',
    [userId],
  );
  return new Money(row?.balance ?? '0');
}
