import type { Db } from '@exchange/kernel/db';
import type { DeadlineSource } from '../deadlines';
import type { Notice } from '../notices';
import { transition } from './orders';
import { IS_SURE } from './rules';

/** An unpaid order past its deadline cancels itself (its crypto returns to the ad or to the taker). */
export async function expireOrder(prisma: Db, id: number): Promise<Notice[] | null> {
  const result = await transition(prisma, { id, action: 'expire', caller: { by: 'deadline' } });
  return result?.notices ?? null;
}

export const ORDER_DEADLINES: DeadlineSource = {
  kind: 'order-expire',
  handle: expireOrder,
  overdue: async (prisma, limit, now) =>
    (
      await prisma.p2pOrder.findMany({
        where: { is_sure: IS_SURE.unpaid, pay_deadline: { lte: now } },
        orderBy: { pay_deadline: 'asc' },
        take: limit,
        select: { id: true },
      })
    ).map((row) => row.id),
  pending: async (prisma, limit, now) =>
    (
      await prisma.p2pOrder.findMany({
        where: { is_sure: IS_SURE.unpaid, pay_deadline: { gt: now } },
        orderBy: { pay_deadline: 'asc' },
        take: limit,
        select: { id: true, pay_deadline: true },
      })
    ).map((row) => ({ id: row.id, at: row.pay_deadline })),
  count: async (prisma, now) => {
    const [pending, overdue] = await Promise.all([
      prisma.p2pOrder.count({ where: { is_sure: IS_SURE.unpaid, pay_deadline: { gt: now } } }),
      prisma.p2pOrder.count({ where: { is_sure: IS_SURE.unpaid, pay_deadline: { lte: now } } }),
    ]);
    return { pending, overdue };
  },
};
