import type { Db, Currency, Tx, User, Withdrawal } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import {
  bookHouse,
  lock,
  settleLocked,
  unlock,
  LOG_TYPES,
  Money,
  toAmountString,
  type Money as MoneyValue,
} from '@exchange/kernel/ledger';
import type { Redis } from 'ioredis';
import { assertTradePassword } from '../safe';
import { assertFundsMovable } from '../user';

/** Withdrawals always leave from the spot (change) account, as the audit's lock holders expect. */
export const WITHDRAW_ACCOUNT = 'change' as const;

export const WITHDRAWAL_STATUS = { submitted: 1, done: 2, failed: 3 } as const;

/** The fee and what arrives, for an amount: the fee is the currency's fixed network fee. */
export function withdrawalQuote(currency: Currency, amount: MoneyValue) {
  const rate = new Money(currency.rate.toFixed());
  return { rate, real_number: amount.minus(rate) };
}

/** Checks a withdrawal amount against the currency's limits and fee. */
export function checkWithdrawalAmount(currency: Currency, amount: MoneyValue): void {
  const min = new Money(currency.min_number.toFixed());
  const max = new Money(currency.max_number.toFixed());
  if (amount.lt(min))
    throw new AppError('withdraw_below_min', { min: toAmountString(min), currency: currency.name });
  if (max.gt(0) && amount.gt(max))
    throw new AppError('withdraw_above_max', { max: toAmountString(max), currency: currency.name });
  const { rate, real_number } = withdrawalQuote(currency, amount);
  if (real_number.lte(0))
    throw new AppError('withdraw_fee_exceeds', { fee: toAmountString(rate), currency: currency.name });
}

/** The trade-password gate of every withdrawal: 'not' when none is set, then the password itself. */
export async function requireTradePassword(redis: Redis, user: User, password: string): Promise<void> {
  if (!user.trade_password_hash) throw new AppError('trade_password_not_set', {}, 'not');
  if (!password) throw new AppError('trade_password_required');
  await assertTradePassword(redis, user, password);
}

interface WithdrawalRequest {
  user: User;
  currency: Currency;
  amount: MoneyValue;
  channel: 'chain' | 'payment';
  address: string;
  memo: string;
}

/** A user's own withdrawal: the amount within the limits, then the trade password, then recorded and locked. */
export async function withdrawWithPassword(
  deps: { prisma: Db; redis: Redis },
  request: WithdrawalRequest,
  password: string,
): Promise<void> {
  checkWithdrawalAmount(request.currency, request.amount);
  await requireTradePassword(deps.redis, request.user, password);
  await submitWithdrawal(deps.prisma, request);
}

/** Records a withdrawal and locks its amount in the user's spot account, in one transaction. */
export async function submitWithdrawal(prisma: Db, request: WithdrawalRequest) {
  checkWithdrawalAmount(request.currency, request.amount);
  const { rate, real_number } = withdrawalQuote(request.currency, request.amount);
  return prisma.$transaction(async (tx) => {
    await assertFundsMovable(tx, request.user.id);
    const withdrawal = await tx.withdrawal.create({
      data: {
        user_id: request.user.id,
        currency_id: request.currency.id,
        channel: request.channel,
        address: request.address,
        memo: request.memo,
        number: request.amount.toFixed(),
        rate: rate.toFixed(),
        real_number: real_number.toFixed(),
        status: WITHDRAWAL_STATUS.submitted,
      },
    });
    await lock(tx, {
      userId: request.user.id,
      currencyId: request.currency.id,
      account: WITHDRAW_ACCOUNT,
      amount: request.amount,
      type: LOG_TYPES.WITHDRAW_APPLY,
      ref: { type: 'withdrawal', id: withdrawal.id },
    });
    return withdrawal;
  });
}

/**
 * Runs inside the transaction that finishes a withdrawal, after its money moved (the operator console
 * records its audit trail there, so the line exists exactly when the change does).
 */
export type WithinWithdrawal = (tx: Tx, withdrawal: Withdrawal) => Promise<void>;

/**
 * Who ends a withdrawal: operators by hand, or the withdrawal signer's rules for one approved for it. Never
 * both: a withdrawal the signer may have paid on chain is never paid or refunded by hand as well.
 */
type Finisher = 'operator' | 'signer';

/** Moves a submitted withdrawal to a final status exactly once; a second attempt finds nothing to move. */
async function finish(
  prisma: Db,
  id: number,
  status: 2 | 3,
  details: { txid?: string; notes?: string },
  within?: WithinWithdrawal,
  by: Finisher = 'operator',
) {
  return prisma.$transaction(async (tx) => {
    // Locked first, so an approval for the signer committing meanwhile is seen by the next statement.
    await tx.$queryRaw`SELECT id FROM withdrawals WHERE id = ${id} FOR UPDATE`;
    const signed = await tx.chainWithdrawal.count({ where: { withdrawal_id: id } });
    if (by === 'operator' && signed > 0) throw new AppError('signer_owns_withdrawal');
    if (by === 'signer' && signed === 0) throw new Error(`withdrawal ${id} was not approved for the signer`);
    const [withdrawal] = await tx.withdrawal.updateManyAndReturn({
      where: { id, status: WITHDRAWAL_STATUS.submitted },
      data: { status, ...details },
    });
    if (!withdrawal) throw new Error(`withdrawal ${id} is not waiting to be processed`);
    const amount = new Money(withdrawal.number.toFixed());
    const movement = {
      userId: withdrawal.user_id,
      currencyId: withdrawal.currency_id,
      account: WITHDRAW_ACCOUNT,
      amount,
      ref: { type: 'withdrawal', id },
    };
    if (status === WITHDRAWAL_STATUS.done) {
      await settleLocked(tx, { ...movement, type: LOG_TYPES.WITHDRAW_DONE });
      const fee = new Money(withdrawal.rate.toFixed());
      if (fee.gt(0)) {
        await bookHouse(tx, {
          currencyId: withdrawal.currency_id,
          account: 'fees',
          amount: fee,
          type: LOG_TYPES.WITHDRAW_FEE,
          ref: { type: 'withdrawal', id },
        });
      }
    } else {
      await unlock(tx, { ...movement, type: LOG_TYPES.WITHDRAW_FAILED });
    }
    if (within) await within(tx, withdrawal);
    return withdrawal;
  });
}

/** An operator paid the withdrawal out: the locked amount leaves the user, the fee goes to the house. */
export const completeWithdrawal = (prisma: Db, id: number, txid: string, within?: WithinWithdrawal) =>
  finish(prisma, id, WITHDRAWAL_STATUS.done, { txid }, within);

/** An operator refused the withdrawal: the locked amount returns to the user's available balance. */
export const rejectWithdrawal = (prisma: Db, id: number, notes: string, within?: WithinWithdrawal) =>
  finish(prisma, id, WITHDRAWAL_STATUS.failed, { notes }, within);

/**
 * The withdrawal signer's end of a withdrawal approved for it: completed once its payment is confirmed on
 * chain (as an operator's completion moves the money), or refunded once nothing of it can be mined any more.
 */
export const finishSignedWithdrawal = (
  prisma: Db,
  id: number,
  outcome: { status: 2; txid: string } | { status: 3; notes: string },
  within: WithinWithdrawal,
) => {
  const { status, ...details } = outcome;
  return finish(prisma, id, status, details, within, 'signer');
};
