import type { p2pAdActionRequestSchema } from '@exchange/contracts';
import type { Db } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import { Money, unlock } from '@exchange/kernel/ledger';
import type { z } from 'zod';
import { requireTradePassword } from '../wallet';
import type { P2pContext } from './context';
import { escrowMovement } from './locks';
import { LOGS, UNFINISHED, type Kind } from './rules';

/**
 * Withdraws an ad (back_send): owner only, and only while none of its orders is unfinished. A sell ad's
 * untaken surplus returns from the lock to the owner's legal balance. The ad row is locked first, so an
 * order being taken at the same moment either is seen here (refused) or finds the ad withdrawn.
 */
export async function withdrawAd(prisma: Db, input: { kind: Kind; userId: number; adId: number }) {
  return prisma.$transaction(async (tx) => {
    const [ad] = await tx.$queryRawUnsafe<{ id: number }[]>(
      `SELECT id FROM p2p_ads WHERE id = $1 AND user_id = $2 AND kind = $3 AND state <> 'withdrawn' FOR UPDATE`,
      input.adId,
      input.userId,
      input.kind,
    );
    if (!ad) throw new AppError('p2p_ad_not_found');
    const unfinished = await tx.p2pOrder.count({ where: { ad_id: ad.id, is_sure: { in: UNFINISHED } } });
    if (unfinished > 0) throw new AppError('p2p_ad_has_orders');
    const current = await tx.p2pAd.findUniqueOrThrow({ where: { id: ad.id } });
    const surplus = new Money(current.surplus_number.toFixed());
    await tx.p2pAd.update({ where: { id: ad.id }, data: { state: 'withdrawn', surplus_number: 0 } });
    if (current.type === 'sell' && surplus.gt(0)) {
      const ref = { type: 'p2p_ad', id: ad.id } as const;
      await unlock(
        tx,
        escrowMovement(input.userId, current.currency_id, surplus, LOGS[input.kind].recall, ref),
      );
    }
    return { ...current, state: 'withdrawn', surplus_number: surplus };
  });
}

/** The withdraw call (`back_send`): someone else's ad is "not found" before any password is asked for. */
export async function withdrawAdRequest(
  ctx: P2pContext,
  kind: Kind,
  body: z.output<typeof p2pAdActionRequestSchema>,
): Promise<void> {
  const mine = await ctx.prisma.p2pAd.findFirst({
    where: { id: body.id, user_id: ctx.user.id, kind, state: { not: 'withdrawn' } },
    select: { id: true },
  });
  if (!mine) throw new AppError('p2p_ad_not_found');
  await requireTradePassword(ctx.redis, ctx.user, body.password);
  await withdrawAd(ctx.prisma, { kind, userId: ctx.user.id, adId: mine.id });
}
