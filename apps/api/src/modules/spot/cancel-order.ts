import type { Db } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import type { SpotQueues } from './queue';

/**
 * Asks the matcher to cancel one of the caller's live orders. The owner is part of every condition, so
 * someone else's order is simply not found; a finished order cannot be cancelled.
 */
export async function requestCancel(
  deps: { prisma: Db; queues: SpotQueues },
  userId: number,
  orderId: bigint,
) {
  const [order] = await deps.prisma.spotOrder.updateManyAndReturn({
    where: { id: orderId, user_id: userId, state: { in: ['new', 'open'] } },
    data: { cancel_requested: true },
  });
  if (!order) {
    const exists = await deps.prisma.spotOrder.findFirst({
      where: { id: orderId, user_id: userId },
      select: { id: true },
    });
    throw new AppError(exists ? 'order_not_cancellable' : 'order_not_found');
  }
  await deps.queues.enqueue(
    order.match_id,
    { command: 'cancel', orderId: order.id.toString() },
    String(order.updated_at.getTime()),
  );
  return order;
}
