import { inTransaction } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import { applyMovements, bookHouse, LOG_TYPES, Money } from '@exchange/kernel/ledger';
import { notifyLeverChanged, type LeverDeps } from './close-position';
import type { PositionRow } from './positions';
import { LEVER_STATUS } from './risk';

/**
 * POST /api/lever/cancel: the owner cancels a pending entrust; its margin returns from the locked to the
 * available lever balance and its fee from the house. The status guard makes a cancel racing the entrust's
 * activation end with exactly one of them applied.
 */
export async function cancelEntrust(deps: LeverDeps, userId: number, id: bigint): Promise<void> {
  await inTransaction(deps.pool, async (sql) => {
    const [row] = await sql.query<PositionRow>(
      'SELECT * FROM lever_transactions WHERE id = $1 AND user_id = $2 FOR UPDATE',
      [id.toString(), userId],
    );
    if (!row) throw new AppError('lever_position_not_found');
    if (row.status !== LEVER_STATUS.pending) throw new AppError('lever_not_pending');
    await sql.execute(
      `UPDATE lever_transactions SET status = ${LEVER_STATUS.cancelled}, complete_time = now(), updated_at = now()
       WHERE id = $1 AND status = ${LEVER_STATUS.pending}`,
      [row.id],
    );
    const margin = new Money(row.caution_money);
    const fee = new Money(row.trade_fee);
    const ref = { type: 'lever', id: row.id };
    const base = {
      userId,
      currencyId: row.legal_id,
      account: 'lever' as const,
      type: LOG_TYPES.LEVER_CANCEL,
      ref,
    };
    await applyMovements(sql, [
      { ...base, isLock: true, delta: margin.neg() },
      { ...base, isLock: false, delta: margin.plus(fee) },
    ]);
    await bookHouse(sql, [
      { currencyId: row.legal_id, account: 'fees', amount: fee.neg(), type: LOG_TYPES.LEVER_CANCEL, ref },
    ]);
  });
  await notifyLeverChanged(deps, [userId]);
}
