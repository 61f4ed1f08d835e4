import type { Db } from '@exchange/kernel/db';
import type { DeadlineSource } from '../deadlines';
import type { Notice } from '../notices';
import { actOnDeal } from './deals';
import { DEAL } from './rules';

/** A withdrawal marked transferred confirms itself when its window closes (the deadline worker's handler). */
export async function autoConfirmDeal(prisma: Db, id: number): Promise<Notice[] | null> {
  const result = await actOnDeal(prisma, { id, action: 'auto_confirm' });
  return result?.notices ?? null;
}

export const ACCEPTOR_DEADLINES: DeadlineSource = {
  kind: 'acceptor-confirm',
  handle: autoConfirmDeal,
  overdue: async (prisma, limit, now) =>
    (
      await prisma.acceptorDeal.findMany({
        where: { is_sure: DEAL.waiting, type: 'sell', auto_confirm_at: { lte: now } },
        orderBy: { auto_confirm_at: 'asc' },
        take: limit,
        select: { id: true },
      })
    ).map((row) => row.id),
  pending: async (prisma, limit, now) =>
    (
      await prisma.acceptorDeal.findMany({
        where: { is_sure: DEAL.waiting, type: 'sell', auto_confirm_at: { gt: now } },
        orderBy: { auto_confirm_at: 'asc' },
        take: limit,
        select: { id: true, auto_confirm_at: true },
      })
    ).flatMap((row) => (row.auto_confirm_at ? [{ id: row.id, at: row.auto_confirm_at }] : [])),
  count: async (prisma, now) => {
    const waiting = { is_sure: DEAL.waiting, type: 'sell' };
    const [pending, overdue] = await Promise.all([
      prisma.acceptorDeal.count({ where: { ...waiting, auto_confirm_at: { gt: now } } }),
      prisma.acceptorDeal.count({ where: { ...waiting, auto_confirm_at: { lte: now } } }),
    ]);
    return { pending, overdue };
  },
};
