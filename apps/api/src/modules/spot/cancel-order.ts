import type { Db } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import { LIVE_ORDER_STATE } from './pair-settings';
import type { OrderResult, OrderResults, SpotCommands } from './queue';
import { ORDER_WAIT_MS } from './submit-order';

/**
 * Asks the matcher to cancel one of the caller's live orders: the command goes to the order's market stream,
 * behind anything sent for it before. The owner is part of the lookup (and of the command, which the matcher
 * checks again), so someone else's order is simply not found; a finished order cannot be cancelled.
 */
export async function requestCancel(
  deps: { prisma: Db; commands: SpotCommands },
  userId: number,
  orderId: bigint,
) {
  const order = await deps.prisma.spotOrder.findFirst({
    where: { id: orderId, user_id: userId },
    select: { id: true, match_id: true, state: true },
  });
  if (!order) throw new AppError('order_not_found');
  if (order.state !== LIVE_ORDER_STATE) throw new AppError('order_not_cancellable');
  try {
    await deps.commands.send(order.match_id, {
      command: 'cancel',
      orderId: String(orderId),
      ownerId: userId,
    });
  } catch {
    throw new AppError('cancel_not_confirmed');
  }
  return order;
}

/**
 * What a cancel answers, from the matcher's verdict or (when none came within the wait) the order as Postgres
 * has it then: an order that filled while the cancel waited was not cancelled, and one still open was not
 * cancelled yet, which the trader is told rather than promised.
 */
export function cancelAnswer(result: Pick<OrderResult, 'state'>): 'order_cancelled' {
  if (result.state === 'cancelled' || result.state === 'expired') return 'order_cancelled';
  if (result.state === 'filled' || result.state === 'rejected') throw new AppError('order_not_cancellable');
  throw new AppError('cancel_not_confirmed');
}

/** A trader's cancel: requested, then the matcher's verdict awaited for `ORDER_WAIT_MS`. */
export async function cancelOrder(
  deps: { prisma: Db; commands: SpotCommands; results: OrderResults },
  userId: number,
  orderId: number,
) {
  // Watch before asking, so a verdict faster than the request's next step is not missed (a refused cancel's
  // watch is released).
  const id = String(orderId);
  const verdict = deps.results.watch(id, ORDER_WAIT_MS);
  try {
    await requestCancel(deps, userId, BigInt(orderId));
  } catch (error) {
    deps.results.release([id]);
    throw error;
  }
  const result =
    (await verdict) ??
    (await deps.prisma.spotOrder.findUniqueOrThrow({
      where: { id: BigInt(orderId) },
      select: { state: true },
    }));
  return cancelAnswer(result);
}
