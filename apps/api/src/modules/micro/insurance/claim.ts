import type pg from 'pg';
import { inTransaction, type Db } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import { applyMovements, bookHouse, LOG_TYPES, Money, roundReceived } from '@exchange/kernel/ledger';
import {
  assertNoRunningOrders,
  CLAIM_LOSS_SHARE,
  CLAIMS_PER_DAY,
  lockOwnPosition,
  POSITION_COLUMNS,
  POSITION_STATUS,
  type PositionRow,
} from './positions';
import { assertMicroPoolCanPay } from '../exposure';
import { exchangeDay } from './window';

/**
 * Claims on an active position whose insurance balance has lost at least half of what it insured: the
 * house `micro_pool` pays the type's claim rate of the loss into the position's balance (still locked,
 * held by the position), and the position terminates (the insurance is used up); its balance can then be
 * exchanged back. At most CLAIMS_PER_DAY payouts per user per exchange day (Asia/Shanghai): a later claim
 * is refused until the next day. A user's claims run one at a time (a transaction-scoped advisory lock),
 * so two concurrent claims cannot both pass the daily limit. The pool pays only what it holds beyond the
 * running orders' reservations: otherwise the claim is refused ("try again later") and changes nothing.
 */
export async function claimInsurance(
  deps: { prisma: Db; pool: pg.Pool },
  userId: number,
  positionId: number,
  now: () => Date = () => new Date(),
): Promise<PositionRow> {
  return inTransaction(deps.pool, async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock(hashtext('insurance-claims'), $1)", [userId]);
    const position = await lockOwnPosition(tx, userId, positionId);
    if (position.status !== POSITION_STATUS.active) throw new AppError('insurance_not_active');
    await assertNoRunningOrders(tx, userId, position.id);
    const insured = new Money(position.insured_amount);
    const balance = new Money(position.balance);
    if (balance.gt(insured.times(Money.sub(1, CLAIM_LOSS_SHARE))))
      throw new AppError('insurance_claim_not_due');
    const at = now();
    const dayStart = new Date(`${exchangeDay(at)}T00:00:00+08:00`);
    const [today] = await tx.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM user_insurances
       WHERE user_id = $1 AND claimed_at >= $2 AND claimed_at < $3`,
      [userId, dayStart.toISOString(), new Date(dayStart.getTime() + 86_400_000).toISOString()],
    );
    if ((today?.n ?? 0) >= CLAIMS_PER_DAY) throw new AppError('insurance_claim_limit');
    const [type, currency] = await Promise.all([
      deps.prisma.insuranceType.findUniqueOrThrow({ where: { id: position.insurance_type_id } }),
      deps.prisma.currency.findUniqueOrThrow({ where: { id: position.currency_id } }),
    ]);
    const payout = roundReceived(
      insured.minus(balance).times(type.claim_rate.toFixed()),
      currency.decimal_scale,
    );
    const [claimed] = await tx.query<PositionRow>(
      `UPDATE user_insurances SET balance = balance + $2::numeric, claim_amount = $2::numeric, status = $3,
         end_reason = 'claim', claimed_at = $4, terminated_at = $4, updated_at = now()
       WHERE id = $1 AND status = $5 RETURNING ${POSITION_COLUMNS}`,
      [position.id, payout.toFixed(), POSITION_STATUS.terminated, at.toISOString(), POSITION_STATUS.active],
    );
    if (!claimed) throw new AppError('insurance_not_active');
    const ref = { type: 'insurance', id: position.id };
    await applyMovements(tx, [
      {
        userId,
        currencyId: position.currency_id,
        account: 'micro',
        isLock: true,
        delta: payout,
        type: LOG_TYPES.INSURANCE_CLAIM,
        ref,
      },
    ]);
    await assertMicroPoolCanPay(tx, position.currency_id, payout);
    await bookHouse(tx, [
      {
        currencyId: position.currency_id,
        account: 'micro_pool',
        amount: payout.neg(),
        type: LOG_TYPES.INSURANCE_CLAIM,
        ref,
      },
    ]);
    return claimed;
  });
}
