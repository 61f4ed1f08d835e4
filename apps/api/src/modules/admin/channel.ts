import type { Db } from '@exchange/kernel/db';
import { toAmountString } from '@exchange/kernel/ledger';

/**
 * The payment channel's orders (the sandbox provider while PAYMENT_SANDBOX is on): newest first, filtered by
 * status (0 pending, 1 paid and credited, 2 failed), with the deposit a paid one booked.
 */
export async function listPaymentOrders(
  prisma: Db,
  options: { status?: number | undefined; page: number; limit: number },
) {
  const where = options.status === undefined ? {} : { status: options.status };
  const [total, rows] = await Promise.all([
    prisma.paymentOrder.count({ where }),
    prisma.paymentOrder.findMany({
      where,
      orderBy: { id: 'desc' },
      skip: (options.page - 1) * options.limit,
      take: options.limit,
      include: { user: { select: { account_number: true } }, currency: { select: { name: true } } },
    }),
  ]);
  // A paid order is credited as a deposit whose external id names the provider and the order.
  const deposits = await prisma.deposit.findMany({
    where: { source: 'payment', external_id: { in: rows.map((row) => `${row.provider}-${row.id}`) } },
    select: { id: true, external_id: true },
  });
  return {
    total,
    list: rows.map((row) => ({
      id: row.id,
      account: row.user.account_number,
      currency: row.currency.name,
      amount: toAmountString(row.amount.toFixed()),
      pay_type: row.pay_type,
      bank_code: row.bank_code,
      provider: row.provider,
      status: row.status,
      deposit_id: deposits.find((deposit) => deposit.external_id === `${row.provider}-${row.id}`)?.id ?? null,
      created_at: row.created_at.toISOString(),
      paid_at: row.paid_at?.toISOString() ?? '',
    })),
  };
}
