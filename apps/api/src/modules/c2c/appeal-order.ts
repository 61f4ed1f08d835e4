import type { Db, P2pOrder, Tx } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import type { MessageKey } from '@exchange/kernel/i18n';
import { recordNotice, type Notice } from '../notices';
import { readSetting } from '../system';
import { orderPayload } from './orders';
import {
  APPEAL,
  APPEAL_MESSAGE_MAX,
  APPEAL_MESSAGES_PER_PARTY,
  IS_SURE,
  stateRefusal,
  type Kind,
} from './rules';

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
