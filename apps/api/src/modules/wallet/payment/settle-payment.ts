import type { Db } from '@exchange/kernel/db';
import { Money } from '@exchange/kernel/ledger';
import { creditDeposit } from '../deposit';
import type { PaymentNotification } from './provider';

export const PAYMENT_STATUS = { pending: 0, paid: 1, failed: 2 } as const;

/**
 * Applies a verified notification exactly once: only a pending order with the same amount moves, so a
 * replayed or tampered notification changes nothing. A paid order is credited as a deposit.
 */
export async function settlePayment(
  prisma: Db,
  notification: PaymentNotification,
): Promise<'settled' | 'ignored'> {
  return prisma.$transaction(async (tx) => {
    const order = await tx.paymentOrder.findUnique({ where: { id: notification.orderId } });
    if (!order || !new Money(order.amount.toFixed()).eq(notification.amount)) return 'ignored';
    const moved = await tx.paymentOrder.updateMany({
      where: { id: order.id, status: PAYMENT_STATUS.pending },
      data: notification.paid
        ? { status: PAYMENT_STATUS.paid, paid_at: new Date() }
        : { status: PAYMENT_STATUS.failed },
    });
    if (moved.count !== 1) return 'ignored';
    if (notification.paid) {
      await creditDeposit(tx, {
        userId: order.user_id,
        currencyId: order.currency_id,
        amount: new Money(order.amount.toFixed()),
        source: 'payment',
        externalId: `${order.provider}-${order.id}`,
      });
    }
    return 'settled';
  });
}
