import type { Db } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import type { OrderResult, OrderResults, SpotQueues } from './queue';
import { ORDER_WAIT_MS } from './submit-order';

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

/**
 * What a cancel answers from the first verdict the matcher published for the order after the request: the
 * order may have filled while the cancel waited in the queue, and a filled order was not cancelled.
 */
export function cancelAnswer(result: OrderResult | undefined): 'order_cancelled' | 'cancel_processing' {
  if (result?.state === 'filled') throw new AppError('order_not_cancellable');
  return result?.state === 'cancelled' || result?.state === 'expired'
    ? 'order_cancelled'
    : 'cancel_processing';
}

/** A trader's cancel: requested, then the matcher's verdict awaited for `ORDER_WAIT_MS`. */
export async function cancelOrder(
  deps: { prisma: Db; queues: SpotQueues; results: OrderResults },
  userId: number,
  orderId: number,
) {
  // Watch before asking, so a verdict faster than the request's next step is not missed (a refused cancel's
  // watch simply runs out).
  const verdict = deps.results.watch(String(orderId), ORDER_WAIT_MS);
  await requestCancel(deps, userId, BigInt(orderId));
  return cancelAnswer(await verdict);
}
