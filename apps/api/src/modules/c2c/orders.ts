import type { Db, P2pOrder, Tx } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import { Money, payLocked, toAmountString, unlock } from '@exchange/kernel/ledger';
import { recordNotices, type Notice } from '../notices';
import { requireCancelsLeft } from './gates';
import {
  APPEAL,
  ESCROW_ACCOUNT,
  IS_SURE,
  LOGS,
  ORDER_TRANSITIONS,
  stateRefusal,
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

type TransitionInput = { id: number; action: OrderAction; caller: Caller; kind?: Kind };
type Transitioned = { order: P2pOrder; notices: Notice[] };

/**
 * Applies one transition of ORDER_TRANSITIONS to an order: checks the caller's role, moves is_sure with a
 * guarded UPDATE, moves the escrow through the ledger, and records the counterparty's notice, all in one
 * transaction. Returns null only to a deadline that finds the order already moved on (a user got there
 * first); a user or an operator is refused with an error instead.
 */
export function transition(
  prisma: Db,
  input: TransitionInput & { caller: { by: 'user' | 'operator' } },
): Promise<Transitioned>;
export function transition(prisma: Db, input: TransitionInput): Promise<Transitioned | null>;
export async function transition(prisma: Db, input: TransitionInput): Promise<Transitioned | null> {
  const spec = ORDER_TRANSITIONS[input.action];
  const { caller } = input;
  return prisma.$transaction(async (tx) => {
    const order = await tx.p2pOrder.findUnique({ where: { id: input.id } });
    if (!order || (input.kind && order.kind !== input.kind)) throw new AppError('p2p_order_not_found');
    if (caller.by === 'user') {
      // Someone else's order is not found, by construction.
      if (caller.userId !== order.user_id && caller.userId !== order.seller_id)
        throw new AppError('p2p_order_not_found');
      if (spec.by === 'payer' && caller.userId !== payerOf(order)) throw new AppError('p2p_not_payer');
      // The escrow holder confirms, and a call that names its side (the ad's owner or its taker) must be on it.
      if (spec.by === 'escrow') {
        if (caller.userId !== order.escrow_user_id) throw new AppError('p2p_not_seller');
        if (caller.side && caller.userId !== (caller.side === 'owner' ? order.seller_id : order.user_id))
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
        // An open appeal only ever ends with is_sure moving too (confirm, release, refund), so the is_sure
        // guard above already refuses an operator who lost a race; this one stays as a second lock on the
        // escrow, and dropping it cannot change what happens. (The `true` side of the condition would be
        // caught: every user's transition would need an open appeal.)
        // Stryker disable next-line ConditionalExpression,ObjectLiteral,StringLiteral: equivalent, see above.
        ...(caller.by === 'operator' ? { appeal_state: APPEAL.open } : {}),
      },
      data: {
        is_sure: spec.to,
        ...(spec.to === IS_SURE.paid ? { paid_at: now } : {}),
        ...(finished ? { finished_at: now } : {}),
        ...(spec.to === IS_SURE.cancelled
          ? caller.by === 'user'
            ? { cancelled_by: 'payer', canceller_id: caller.userId }
            : { cancelled_by: caller.by }
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
      await caller.within?.(tx, order, moved);
    }

    const counterparties =
      caller.by === 'user'
        ? [caller.userId === moved.user_id ? moved.seller_id : moved.user_id]
        : [moved.user_id, moved.seller_id];
    const notices = await recordNotices(tx, counterparties, {
      event: 'p2p_order',
      key: NOTICE_KEYS[input.action],
      params: { id: moved.id },
      payload: orderPayload(moved, input.action),
    });
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
      // A withdrawn ad takes the crypto back to the seller instead. Unreachable today: an ad is withdrawn only
      // with no unfinished order (withdraw-ad holds the ad's row while it counts them, and the audit checks it).
      // Stryker disable next-line ConditionalExpression: unreachable, see above (its `true` side would be
      // caught: a sell ad's cancel would unlock the ad's crypto).
      const adWithdrawn = restored === 0;
      if (order.type === 'buy' || adWithdrawn)
        await unlock(tx, { ...base, userId: order.escrow_user_id, type: logs.cancel });
      return;
    }
  }
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
  return transition(prisma, {
    id: input.id,
    action: input.decision,
    caller: { by: 'operator', reason: input.reason, within: input.within },
  });
}
