import type { Db } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import { toAmountString } from '@exchange/kernel/ledger';
import { APPEAL, resolveAppeal } from '../c2c';
import { recordTrail, type Actor } from './trail';

/** P2P orders under appeal, oldest first, with both parties' accounts and the appeal's reason. */
export async function listAppeals(prisma: Db, options: { limit: number }) {
  const orders = await prisma.p2pOrder.findMany({
    where: { appeal_state: APPEAL.open },
    orderBy: { id: 'asc' },
    take: options.limit,
  });
  const ids = [...new Set(orders.flatMap((order) => [order.user_id, order.seller_id]))];
  const users = await prisma.user.findMany({
    where: { id: { in: ids } },
    select: { id: true, account_number: true },
  });
  const accountOf = (id: number) => users.find((user) => user.id === id)?.account_number ?? '';
  return orders.map((order) => ({
    id: order.id,
    kind: order.kind,
    number: toAmountString(order.number.toFixed()),
    deal_money: toAmountString(order.deal_money.toFixed()),
    taker: accountOf(order.user_id),
    ad_owner: accountOf(order.seller_id),
    seller: accountOf(order.escrow_user_id),
    appeal_by: order.appeal_by,
    reason: order.appeal_reason,
    is_sure: order.is_sure,
    created_at: order.created_at.toISOString(),
  }));
}

/**
 * Resolves an appeal with the P2P area's own operator function (`ops p2p:resolve`): release sends the escrow
 * to the buyer, refund returns it to the seller, through the ledger, with the trail line in its transaction.
 */
export async function resolveAppealAsOperator(
  prisma: Db,
  actor: Actor,
  input: { id: number; decision: 'release' | 'refund'; reason: string },
) {
  if (!input.reason) throw new AppError('admin_reason_required');
  const exists = await prisma.p2pOrder.findUnique({ where: { id: input.id }, select: { id: true } });
  if (!exists) throw new AppError('admin_record_not_found');
  return resolveAppeal(prisma, {
    ...input,
    within: (tx, before, after) =>
      recordTrail(tx, actor, {
        action: `p2p.${input.decision}`,
        targetType: 'p2p_order',
        targetId: after.id,
        before: { is_sure: before.is_sure, appeal_state: before.appeal_state },
        after: { is_sure: after.is_sure, appeal_state: after.appeal_state, resolution: after.resolution },
        reason: input.reason,
      }),
  });
}
