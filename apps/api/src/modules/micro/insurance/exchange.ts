import type pg from 'pg';
import { inTransaction } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import { applyMovements, LOG_TYPES, Money } from '@exchange/kernel/ledger';
import {
  assertNoRunningOrders,
  lockOwnPosition,
  POSITION_COLUMNS,
  POSITION_STATUS,
  type PositionRow,
} from './positions';

/**
 * Exchanges what a terminated position still holds back to the user's available micro balance: once, and
 * irreversibly (the position is then exchanged, holding nothing).
 */
export async function exchangeInsurance(
  deps: { pool: pg.Pool },
  userId: number,
  positionId: number,
): Promise<{ position: PositionRow; amount: Money }> {
  return inTransaction(deps.pool, async (tx) => {
    const position = await lockOwnPosition(tx, userId, positionId);
    if (position.status === POSITION_STATUS.active) throw new AppError('insurance_not_terminated');
    if (position.status === POSITION_STATUS.exchanged) throw new AppError('insurance_nothing_to_exchange');
    await assertNoRunningOrders(tx, userId, position.id);
    const amount = new Money(position.balance);
    const [exchanged] = await tx.query<PositionRow>(
      `UPDATE user_insurances SET balance = 0, status = $2, exchanged_at = now(), updated_at = now()
       WHERE id = $1 AND status = $3 RETURNING ${POSITION_COLUMNS}`,
      [position.id, POSITION_STATUS.exchanged, POSITION_STATUS.terminated],
    );
    if (!exchanged) throw new AppError('insurance_nothing_to_exchange');
    const move = {
      userId,
      currencyId: position.currency_id,
      account: 'micro' as const,
      type: LOG_TYPES.INSURANCE_EXCHANGE,
      ref: { type: 'insurance', id: position.id },
    };
    await applyMovements(tx, [
      { ...move, isLock: true, delta: amount.neg() },
      { ...move, isLock: false, delta: amount },
    ]);
    return { position: exchanged, amount };
  });
}
