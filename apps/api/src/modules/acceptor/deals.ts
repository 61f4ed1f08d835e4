import type { PushPayload } from '@exchange/contracts';
import type { AcceptorDeal, Db, Tx } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import {
  payLocked,
  lock,
  LOG_TYPES,
  Money,
  roundPaid,
  roundReceived,
  toAmountString,
  unlock,
  type Money as MoneyValue,
} from '@exchange/kernel/ledger';
import { recordNotice, recordNotices, type Notice } from '../notices';
import { readSetting } from '../system';
import { assertFundsMovable } from '../user';
import { ACCEPTOR_ACCOUNT, DEAL, DEAL_ACTIONS, type DealAction } from './rules';

export interface NewDeal {
  acceptorId: number;
  userId: number;
  type: 'buy' | 'sell';
  way: string;
  mobile: string;
  dealAccount: string;
  money: MoneyValue;
}

const payload = (deal: AcceptorDeal, action: string): PushPayload<'acceptor_deal'> => ({
  id: deal.id,
  type: deal.type,
  is_sure: deal.is_sure,
  transferred: deal.transferred_at ? 1 : 0,
  action,
});

/**
 * Opens a deal with an acceptor. Money is never created: a deposit locks the acceptor's own crypto (what the
 * user will receive, at the acceptor's recharge rate, rounded down); a withdrawal locks the user's crypto at
 * once (what the user pays, at the cash rate, rounded up). Either way the acceptor's CNY quota for that
 * direction is taken by a guarded UPDATE, so concurrent deals never overdraw it.
 */
export async function openDeal(
  prisma: Db,
  input: NewDeal,
): Promise<{ deal: AcceptorDeal; notices: Notice[] }> {
  const acceptor = await prisma.acceptor.findFirst({ where: { id: input.acceptorId, status: 1 } });
  if (!acceptor) throw new AppError('acceptor_not_found');
  if (acceptor.user_id === input.userId) throw new AppError('acceptor_own');
  const currency = await prisma.currency.findUniqueOrThrow({ where: { id: acceptor.currency_id } });
  const deposit = input.type === 'buy';
  const rate = new Money((deposit ? acceptor.recharge_rate : acceptor.cash_rate).toFixed());
  const exact = input.money.div(rate);
  const number = deposit
    ? roundReceived(exact, currency.decimal_scale)
    : roundPaid(exact, currency.decimal_scale);
  if (number.lte(0)) throw new AppError('amount_not_positive');
  const quota = deposit ? 'recharge_amount' : 'cash_amount';

  return prisma.$transaction(async (tx) => {
    const reserved = await tx.$executeRawUnsafe(
      `UPDATE acceptors SET ${quota} = ${quota} - $2::numeric WHERE id = $1 AND status = 1 AND ${quota} >= $2::numeric`,
      acceptor.id,
      input.money.toFixed(),
    );
    if (reserved === 0) {
      const left = deposit ? acceptor.recharge_amount : acceptor.cash_amount;
      throw new AppError('acceptor_quota_exceeded', { max: toAmountString(left.toFixed()) });
    }
    const deal = await tx.acceptorDeal.create({
      data: {
        acceptor_id: acceptor.id,
        user_id: input.userId,
        acceptor_user_id: acceptor.user_id,
        currency_id: acceptor.currency_id,
        type: input.type,
        way: input.way,
        mobile: input.mobile,
        deal_account: input.dealAccount,
        money: input.money.toFixed(),
        rate: rate.toFixed(),
        number: number.toFixed(),
      },
    });
    const movement = {
      currencyId: acceptor.currency_id,
      account: ACCEPTOR_ACCOUNT,
      amount: number,
      ref: { type: 'acceptor_deal', id: deal.id },
    };
    // The side whose crypto goes into escrow must be free to move it: the acceptor on a deposit, the user
    // on a withdrawal.
    await assertFundsMovable(tx, deposit ? acceptor.user_id : input.userId);
    if (deposit) {
      try {
        await lock(tx, { ...movement, userId: acceptor.user_id, type: LOG_TYPES.ACCEPTOR_DEPOSIT_LOCK });
      } catch (error) {
        // Stryker disable next-line ConditionalExpression,LogicalOperator: the only AppError lock throws is balance_insufficient (the amount is positive, checked above), anything else is a broken invariant no input reaches, so widening this test to "any error" or "any AppError" cannot change behaviour; its false side is caught (the short acceptor's test)
        if (error instanceof AppError && error.key === 'balance_insufficient')
          throw new AppError('acceptor_balance_short');
        throw error;
      }
    } else {
      await lock(tx, { ...movement, userId: input.userId, type: LOG_TYPES.ACCEPTOR_WITHDRAW_LOCK });
    }
    const notice = await recordNotice(tx, {
      userId: acceptor.user_id,
      event: 'acceptor_deal',
      key: 'acceptor_notice_new',
      params: { id: deal.id, money: toAmountString(input.money) },
      payload: payload(deal, 'new'),
    });
    return { deal, notices: [notice] };
  });
}

export async function autoConfirmMinutes(prisma: Db): Promise<number> {
  const minutes = Number(await readSetting(prisma, 'acceptorAutoConfirm_time'));
  return Number.isFinite(minutes) && minutes > 0 ? minutes : 20;
}

const NOTICES = {
  confirm: 'acceptor_notice_confirmed',
  reject: 'acceptor_notice_rejected',
  transferred: 'acceptor_notice_transferred',
  user_confirm: 'acceptor_notice_confirmed',
  auto_confirm: 'acceptor_notice_confirmed',
} as const satisfies Record<DealAction, string>;

/**
 * Applies one action of DEAL_ACTIONS: checks the caller and the deal's type, moves the deal with a guarded
 * UPDATE and the escrow through the ledger, returns the quota, and records the other side's notice. A
 * deadline that finds the deal already settled returns null.
 */
export async function actOnDeal(
  prisma: Db,
  input:
    | { id: number; action: Exclude<DealAction, 'auto_confirm'>; userId: number }
    | { id: number; action: 'auto_confirm'; userId?: undefined },
): Promise<{ deal: AcceptorDeal; notices: Notice[] } | null> {
  const spec = DEAL_ACTIONS[input.action];
  // Stryker disable next-line ConditionalExpression: reading the setting for every action only costs a read, as only "transferred" uses it (its false side, no window at all, fails the deadline test)
  const minutes = input.action === 'transferred' ? await autoConfirmMinutes(prisma) : 0;
  return prisma.$transaction(async (tx) => {
    const deal = await tx.acceptorDeal.findUnique({ where: { id: input.id } });
    // The deadline acts as nobody: it has no caller and passes no user.
    const caller =
      spec.by === 'acceptor' ? deal?.acceptor_user_id : spec.by === 'user' ? deal?.user_id : undefined;
    if (!deal || caller !== input.userId) {
      if (spec.by === 'deadline') return null;
      throw new AppError('acceptor_deal_not_found');
    }
    if (spec.type !== 'any' && spec.type !== deal.type) {
      if (spec.by === 'deadline') return null;
      throw new AppError('acceptor_wrong_type');
    }
    // A finished deal matches no guard below (is_sure must still be waiting), so it needs no check of its own.
    const now = new Date();
    const guard = {
      id: deal.id,
      is_sure: DEAL.waiting,
      // Once the acceptor says the CNY is sent, it can no longer reject, nor say it twice.
      ...(input.action === 'reject' || input.action === 'transferred' ? { transferred_at: null } : {}),
      ...(input.action === 'auto_confirm' ? { auto_confirm_at: { lte: now } } : {}),
    };
    const [moved] = await tx.acceptorDeal.updateManyAndReturn({
      where: guard,
      data:
        input.action === 'transferred'
          ? { transferred_at: now, auto_confirm_at: new Date(now.getTime() + minutes * 60_000) }
          : {
              is_sure: spec.to,
              ...(spec.to === DEAL.confirmed ? { confirmed_by: spec.by } : {}),
            },
    });
    if (!moved) {
      if (spec.by === 'deadline') return null;
      const current = await tx.acceptorDeal.findUniqueOrThrow({ where: { id: deal.id } });
      throw new AppError(
        current.is_sure !== DEAL.waiting ? 'acceptor_deal_finished' : 'acceptor_already_transferred',
      );
    }
    await moveEscrow(tx, moved, input.action);
    const other = spec.by === 'acceptor' ? moved.user_id : moved.acceptor_user_id;
    const notified = spec.by === 'deadline' ? [moved.user_id, moved.acceptor_user_id] : [other];
    const notices = await recordNotices(tx, notified, {
      event: 'acceptor_deal',
      key: NOTICES[input.action],
      params: { id: moved.id },
      payload: payload(moved, input.action),
    });
    return { deal: moved, notices };
  });
}

async function moveEscrow(tx: Tx, deal: AcceptorDeal, action: DealAction): Promise<void> {
  const number = new Money(deal.number.toFixed());
  const money = deal.money.toFixed();
  const base = {
    currencyId: deal.currency_id,
    account: ACCEPTOR_ACCOUNT,
    amount: number,
    ref: { type: 'acceptor_deal', id: deal.id },
  };
  const quota = (column: 'recharge_amount' | 'cash_amount') =>
    tx.$executeRawUnsafe(
      `UPDATE acceptors SET ${column} = ${column} + $2::numeric WHERE id = $1`,
      deal.acceptor_id,
      money,
    );
  if (action === 'transferred') return;
  // The quota row first, then the wallets: the order openDeal takes them in, so an acceptor's deals opening
  // and settling at the same moment queue behind each other instead of deadlocking.
  if (deal.type === 'buy') {
    if (action === 'confirm') {
      await quota('cash_amount');
      await payLocked(
        tx,
        { ...base, userId: deal.acceptor_user_id, type: LOG_TYPES.ACCEPTOR_DEPOSIT_CREDIT },
        { userId: deal.user_id, type: LOG_TYPES.ACCEPTOR_DEPOSIT_CREDIT },
      );
    } else {
      await quota('recharge_amount');
      await unlock(tx, { ...base, userId: deal.acceptor_user_id, type: LOG_TYPES.ACCEPTOR_DEPOSIT_RELEASE });
    }
    return;
  }
  if (action === 'reject') {
    await quota('cash_amount');
    await unlock(tx, { ...base, userId: deal.user_id, type: LOG_TYPES.ACCEPTOR_WITHDRAW_REFUND });
  } else {
    await quota('recharge_amount');
    await payLocked(
      tx,
      { ...base, userId: deal.user_id, type: LOG_TYPES.ACCEPTOR_WITHDRAW_PAID },
      { userId: deal.acceptor_user_id, type: LOG_TYPES.ACCEPTOR_WITHDRAW_CREDIT },
    );
  }
}
