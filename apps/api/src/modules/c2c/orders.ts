import type { Db, P2pOrder, Tx } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import type { MessageKey } from '@exchange/kernel/i18n';
import {
  payLocked,
  lock,
  Money,
  roundPaid,
  unlock,
  toAmountString,
  type Money as MoneyValue,
} from '@exchange/kernel/ledger';
import { readSetting } from '../system';
import { assertFundsMovable } from '../user';
import { advisoryLock, TAKER_LOCK } from './ads';
import { requireCancelsLeft } from './gates';
import { recordNotice, type Notice } from './notify';
import {
  APPEAL,
  APPEAL_MESSAGE_MAX,
  APPEAL_MESSAGES_PER_PARTY,
  ESCROW_ACCOUNT,
  FIAT_DECIMALS,
  IS_SURE,
  LOGS,
  MAX_UNFINISHED_C2C_ORDERS,
  MAX_UNFINISHED_SHOP_ORDERS,
  ORDER_TRANSITIONS,
  PAY_WINDOW_SETTING,
  stateRefusal,
  UNFINISHED,
  type Kind,
  type OrderAction,
} from './rules';

/** Who pays fiat: the taker of a sell ad, the owner of a buy ad. The other party's crypto is in escrow. */
export const payerOf = (order: Pick<P2pOrder, 'type' | 'user_id' | 'seller_id'>) =>
  order.type === 'sell' ? order.user_id : order.seller_id;
/** Who receives the crypto: the fiat payer. */
export const buyerOf = payerOf;

export const orderPayload = (order: P2pOrder, action: string) => ({
  id: order.id,
  kind: order.kind,
  is_sure: order.is_sure,
  appeal_state: order.appeal_state,
  action,
});

const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000);

export async function payWindowMinutes(prisma: Db | Tx, kind: Kind): Promise<number> {
  const raw = Number(await readSetting(prisma as Db, PAY_WINDOW_SETTING[kind]));
  return Number.isFinite(raw) && raw > 0 ? raw : 1440;
}

export interface TakeInput {
  kind: Kind;
  takerId: number;
  adId: number;
  /** Shop orders: the quantity asked for (already within the ad's min and max); c2c takes the whole ad. */
  number?: MoneyValue;
}

/**
 * Takes an ad: stores the order, moves the quantity off the ad (a guarded UPDATE: of two takers of one ad
 * exactly one wins) and, for a buy ad, locks the taker's crypto (the taker sells). One unfinished c2c order
 * per taker, three shop orders, never the taker's own ad.
 */
export async function takeAd(prisma: Db, input: TakeInput): Promise<{ order: P2pOrder; notices: Notice[] }> {
  const ad = await prisma.p2pAd.findFirst({
    where: { id: input.adId, kind: input.kind, state: 'open', is_shelves: 1 },
  });
  if (!ad) throw new AppError('p2p_ad_not_found');
  if (ad.user_id === input.takerId) throw new AppError('p2p_own_ad');
  const number = input.kind === 'c2c' ? new Money(ad.surplus_number.toFixed()) : input.number;
  if (!number || number.lte(0)) throw new AppError('amount_not_positive');
  const price = new Money(ad.price.toFixed());
  const minutes = await payWindowMinutes(prisma, input.kind);

  return prisma.$transaction(async (tx) => {
    await advisoryLock(tx, TAKER_LOCK, input.takerId);
    const unfinished = await tx.p2pOrder.count({
      where: { user_id: input.takerId, kind: input.kind, is_sure: { in: UNFINISHED } },
    });
    const max = input.kind === 'c2c' ? MAX_UNFINISHED_C2C_ORDERS : MAX_UNFINISHED_SHOP_ORDERS;
    if (unfinished >= max) {
      throw input.kind === 'c2c'
        ? new AppError('p2p_unfinished_order')
        : new AppError('p2p_too_many_shop_orders', { max });
    }
    const taken = await tx.$executeRawUnsafe(
      `UPDATE p2p_ads SET surplus_number = surplus_number - $2::numeric,
         state = CASE WHEN surplus_number = $2::numeric THEN 'done' ELSE 'open' END, updated_at = now()
       WHERE id = $1 AND state = 'open' AND is_shelves = 1 AND surplus_number >= $2::numeric AND user_id <> $3`,
      ad.id,
      number.toFixed(),
      input.takerId,
    );
    if (taken === 0) {
      throw input.kind === 'c2c'
        ? new AppError('p2p_ad_not_found')
        : new AppError('p2p_ad_surplus_short', { surplus: toAmountString(ad.surplus_number.toFixed()) });
    }
    const order = await tx.p2pOrder.create({
      data: {
        kind: input.kind,
        ad_id: ad.id,
        user_id: input.takerId,
        seller_id: ad.user_id,
        escrow_user_id: ad.type === 'sell' ? ad.user_id : input.takerId,
        currency_id: ad.currency_id,
        type: ad.type,
        way: ad.way,
        coin_code: ad.coin_code,
        price: price.toFixed(),
        number: number.toFixed(),
        deal_money: roundPaid(price.times(number), FIAT_DECIMALS).toFixed(),
        pay_deadline: minutesFromNow(minutes),
      },
    });
    if (ad.type === 'buy') {
      await assertFundsMovable(tx, input.takerId);
      await lock(tx, {
        userId: input.takerId,
        currencyId: ad.currency_id,
        account: ESCROW_ACCOUNT,
        amount: number,
        type: LOGS[input.kind].takeLock,
        ref: { type: 'p2p_order', id: order.id },
      });
    }
    const notice = await recordNotice(tx, {
      userId: ad.user_id,
      event: 'p2p_order',
      key: 'p2p_notice_taken',
      params: {
        id: order.id,
        number: toAmountString(number),
        currency: await currencyName(tx, ad.currency_id),
      },
      payload: orderPayload(order, 'taken'),
    });
    return { order, notices: [notice] };
  });
}

async function currencyName(tx: Tx, id: number): Promise<string> {
  return (await tx.currency.findUnique({ where: { id }, select: { name: true } }))?.name ?? '';
}

export type Caller =
  | { by: 'user'; userId: number; side?: 'owner' | 'taker' }
  | { by: 'deadline' }
  | {
      by: 'operator';
      reason: string;
      /** Runs inside the resolving transaction, after the escrow moved (the console's audit trail). */
      within?: (tx: Tx, before: P2pOrder, after: P2pOrder) => Promise<void>;
    };

const NOTICE_KEYS = {
  pay: 'p2p_notice_paid',
  cancel: 'p2p_notice_cancelled',
  expire: 'p2p_notice_expired',
  confirm: 'p2p_notice_done',
  release: 'p2p_notice_released',
  refund: 'p2p_notice_refunded',
} as const satisfies Record<OrderAction, string>;

/**
 * Applies one transition of ORDER_TRANSITIONS to an order: checks the caller's role, moves is_sure with a
 * guarded UPDATE, moves the escrow through the ledger, and records the counterparty's notice, all in one
 * transaction. Returns null when a deadline finds the order already moved on (a user got there first).
 */
export async function transition(
  prisma: Db,
  input: { id: number; action: OrderAction; caller: Caller; kind?: Kind },
): Promise<{ order: P2pOrder; notices: Notice[] } | null> {
  const spec = ORDER_TRANSITIONS[input.action];
  const { caller } = input;
  return prisma.$transaction(async (tx) => {
    const order = await tx.p2pOrder.findUnique({ where: { id: input.id } });
    const isParty = (userId: number) => order?.user_id === userId || order?.seller_id === userId;
    if (!order || (input.kind && order.kind !== input.kind)) throw new AppError('p2p_order_not_found');
    if (caller.by === 'user') {
      // Someone else's order is not found, by construction.
      if (!isParty(caller.userId)) throw new AppError('p2p_order_not_found');
      if (spec.by === 'payer' && caller.userId !== payerOf(order)) throw new AppError('p2p_not_payer');
      if (spec.by === 'escrow') {
        const side = caller.side === 'owner' ? order.seller_id : caller.side === 'taker' ? order.user_id : 0;
        if (caller.userId !== order.escrow_user_id || (caller.side && side !== caller.userId))
          throw new AppError('p2p_not_seller');
      }
      if (spec.by === 'deadline' || spec.by === 'operator') throw new AppError('p2p_order_not_found');
    } else if (caller.by !== spec.by) {
      throw new Error(`${input.action} is not applied by ${caller.by}`);
    }
    if (!(spec.from as readonly number[]).includes(order.is_sure)) {
      if (caller.by === 'deadline') return null;
      throw new AppError(stateRefusal(order.is_sure, input.action));
    }
    if (input.action === 'cancel' && caller.by === 'user') await requireCancelsLeft(prisma, caller.userId);
    if ((input.action === 'release' || input.action === 'refund') && order.appeal_state !== APPEAL.open)
      throw new AppError('p2p_not_appealed');

    const now = new Date();
    const finished = spec.to === IS_SURE.done || spec.to === IS_SURE.cancelled;
    const [moved] = await tx.p2pOrder.updateManyAndReturn({
      where: {
        id: order.id,
        is_sure: { in: [...spec.from] },
        ...(input.action === 'expire' ? { pay_deadline: { lte: now } } : {}),
        ...(caller.by === 'operator' ? { appeal_state: APPEAL.open } : {}),
      },
      data: {
        is_sure: spec.to,
        ...(spec.to === IS_SURE.paid ? { paid_at: now } : {}),
        ...(finished ? { finished_at: now } : {}),
        ...(spec.to === IS_SURE.cancelled
          ? {
              cancelled_by: caller.by === 'user' ? 'payer' : caller.by,
              canceller_id: caller.by === 'user' ? caller.userId : null,
            }
          : {}),
        ...(caller.by === 'operator'
          ? { appeal_state: APPEAL.resolved, resolution: input.action, resolution_reason: caller.reason }
          : {}),
      },
    });
    if (!moved) {
      // Another transaction moved it between our read and our update (its lock made us wait, then the
      // guard refused): read what it became.
      if (caller.by === 'deadline') return null;
      const current = await tx.p2pOrder.findUniqueOrThrow({ where: { id: order.id } });
      throw new AppError(stateRefusal(current.is_sure, input.action));
    }
    if (input.action === 'confirm' && moved.appeal_state === APPEAL.open) {
      // The seller confirmed while the buyer's appeal waited: that settles the appeal (read after our
      // guarded update, which holds the row, so an appeal committed just before is seen).
      await tx.p2pOrder.update({
        where: { id: moved.id },
        data: { appeal_state: APPEAL.resolved, resolution: 'confirm' },
      });
      moved.appeal_state = APPEAL.resolved;
      moved.resolution = 'confirm';
    }
    await moveEscrow(tx, moved, input.action);
    if (caller.by === 'operator') {
      await tx.p2pOperatorLog.create({
        data: {
          action: `p2p:${input.action}`,
          target_type: 'p2p_order',
          target_id: String(moved.id),
          reason: caller.reason,
          detail: JSON.stringify({ number: toAmountString(moved.number.toFixed()), from: order.is_sure }),
        },
      });
      if (caller.within) await caller.within(tx, order, moved);
    }

    const counterparties =
      caller.by === 'user'
        ? [caller.userId === moved.user_id ? moved.seller_id : moved.user_id]
        : [moved.user_id, moved.seller_id];
    const notices: Notice[] = [];
    for (const userId of counterparties) {
      notices.push(
        await recordNotice(tx, {
          userId,
          event: 'p2p_order',
          key: NOTICE_KEYS[input.action],
          params: { id: moved.id },
          payload: orderPayload(moved, input.action),
        }),
      );
    }
    return { order: moved, notices };
  });
}

/** The ledger side of each transition; paying moves no money. */
async function moveEscrow(tx: Tx, order: P2pOrder, action: OrderAction): Promise<void> {
  const number = new Money(order.number.toFixed());
  const logs = LOGS[order.kind as Kind];
  const ref = { type: 'p2p_order', id: order.id };
  const base = { currencyId: order.currency_id, account: ESCROW_ACCOUNT, amount: number, ref };
  switch (action) {
    case 'pay':
      return;
    case 'confirm':
    case 'release':
      await payLocked(
        tx,
        { ...base, userId: order.escrow_user_id, type: logs.done },
        { userId: buyerOf(order), type: logs.done },
      );
      return;
    case 'refund':
      // Decided for the seller: the crypto returns to the seller's balance, not to the ad.
      await unlock(tx, { ...base, userId: order.escrow_user_id, type: logs.cancel });
      return;
    case 'cancel':
    case 'expire': {
      // The quantity goes back on the ad; a buy ad's taker gets the crypto it had put in escrow back.
      const restored = await tx.$executeRawUnsafe(
        `UPDATE p2p_ads SET surplus_number = surplus_number + $2::numeric, state = 'open', updated_at = now()
         WHERE id = $1 AND state <> 'withdrawn'`,
        order.ad_id,
        number.toFixed(),
      );
      if (order.type === 'buy' || restored === 0)
        await unlock(tx, { ...base, userId: order.escrow_user_id, type: logs.cancel });
      return;
    }
  }
}

/** Tells the party of an order who did not take a step (`userId` took it) that it happened. */
const noticeOtherParty = (tx: Tx, order: P2pOrder, userId: number, key: MessageKey, action: string) =>
  recordNotice(tx, {
    userId: userId === order.user_id ? order.seller_id : order.user_id,
    event: 'p2p_order',
    key,
    params: { id: order.id },
    payload: orderPayload(order, action),
  });

/** Minutes after payment before a party may appeal (`p2pAppealAfter_time`; 0 means at once). */
export async function appealWaitMinutes(prisma: Db): Promise<number> {
  const minutes = Number(await readSetting(prisma, 'p2pAppealAfter_time'));
  return Number.isFinite(minutes) && minutes > 0 ? minutes : 0;
}

/**
 * A party appeals a paid order the seller has not confirmed (after `p2pAppealAfter_time` minutes): an
 * operator then releases or refunds it. The seller may still confirm meanwhile (that settles it).
 */
export async function appealOrder(
  prisma: Db,
  input: { id: number; userId: number; reason: string; kind?: Kind },
): Promise<{ order: P2pOrder; notices: Notice[] }> {
  const waitMinutes = await appealWaitMinutes(prisma);
  return prisma.$transaction(async (tx) => {
    const order = await tx.p2pOrder.findUnique({ where: { id: input.id } });
    if (
      !order ||
      (input.kind && order.kind !== input.kind) ||
      (order.user_id !== input.userId && order.seller_id !== input.userId)
    )
      throw new AppError('p2p_order_not_found');
    if (order.is_sure !== IS_SURE.paid) throw new AppError(stateRefusal(order.is_sure, 'confirm'));
    if (order.appeal_state !== APPEAL.none) throw new AppError('p2p_appeal_exists');
    if (order.paid_at && order.paid_at.getTime() + waitMinutes * 60_000 > Date.now())
      throw new AppError('p2p_appeal_too_soon', { minutes: waitMinutes });
    const [moved] = await tx.p2pOrder.updateManyAndReturn({
      where: { id: order.id, is_sure: IS_SURE.paid, appeal_state: APPEAL.none },
      data: { appeal_state: APPEAL.open, appeal_by: input.userId, appeal_reason: input.reason },
    });
    if (!moved) throw new AppError('p2p_order_state');
    // The reason is the appeal's first statement; the parties add theirs with addAppealMessage.
    const reason = input.reason.trim();
    if (reason)
      await tx.p2pAppealMessage.create({
        data: { order_id: moved.id, user_id: input.userId, body: reason.slice(0, APPEAL_MESSAGE_MAX) },
      });
    const notice = await noticeOtherParty(tx, moved, input.userId, 'p2p_notice_appealed', 'appeal');
    return { order: moved, notices: [notice] };
  });
}

/**
 * A party adds a statement to an open appeal, for the operator who decides it; the other party is told. Both
 * parties' statements count apart (20 each), so one party cannot crowd the other out. The order's row is
 * locked first, so two statements racing for the last place, or a statement racing the operator's decision,
 * end one after the other.
 */
export async function addAppealMessage(
  prisma: Db,
  input: { id: number; userId: number; message: string; kind?: Kind },
): Promise<{ notices: Notice[] }> {
  const body = input.message.trim();
  if (!body) throw new AppError('p2p_appeal_message_empty');
  if ([...body].length > APPEAL_MESSAGE_MAX)
    throw new AppError('p2p_appeal_message_too_long', { max: APPEAL_MESSAGE_MAX });
  return prisma.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT 1 FROM p2p_orders WHERE id = ${input.id} FOR UPDATE`;
    const order = await tx.p2pOrder.findFirst({
      where: { id: input.id, OR: [{ user_id: input.userId }, { seller_id: input.userId }] },
    });
    // Someone else's order is "not found", as for every other call on an order.
    if (!order || (input.kind && order.kind !== input.kind)) throw new AppError('p2p_order_not_found');
    if (order.appeal_state !== APPEAL.open) throw new AppError('p2p_not_appealed');
    const sent = await tx.p2pAppealMessage.count({ where: { order_id: order.id, user_id: input.userId } });
    if (sent >= APPEAL_MESSAGES_PER_PARTY)
      throw new AppError('p2p_appeal_message_limit', { max: APPEAL_MESSAGES_PER_PARTY });
    await tx.p2pAppealMessage.create({ data: { order_id: order.id, user_id: input.userId, body } });
    const notice = await noticeOtherParty(
      tx,
      order,
      input.userId,
      'p2p_notice_appeal_message',
      'appeal_message',
    );
    return { notices: [notice] };
  });
}

/** An operator's decision on an appealed order, logged (in the same transaction) with the operator's reason. */
export async function resolveAppeal(
  prisma: Db,
  input: {
    id: number;
    decision: 'release' | 'refund';
    reason: string;
    within?: (tx: Tx, before: P2pOrder, after: P2pOrder) => Promise<void>;
  },
) {
  if (!input.reason.trim()) throw new Error('a resolution needs --reason');
  const result = await transition(prisma, {
    id: input.id,
    action: input.decision,
    caller: { by: 'operator', reason: input.reason, ...(input.within ? { within: input.within } : {}) },
  });
  if (!result) throw new Error(`order ${input.id} could not be resolved`);
  return result;
}
