import type { Db } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';

/** Puts a shop ad on or takes it off the shelf (`down`): off-shelf ads take no new orders. */
export async function toggleShelves(prisma: Db, input: { userId: number; adId: number }) {
  const ad = await prisma.p2pAd.findFirst({
    where: { id: input.adId, user_id: input.userId, kind: 'shop', state: { not: 'withdrawn' } },
  });
  if (!ad) throw new AppError('p2p_ad_not_found');
  const next = ad.is_shelves === 1 ? 0 : 1;
  await prisma.p2pAd.updateMany({
    where: { id: ad.id, is_shelves: ad.is_shelves },
    data: { is_shelves: next },
  });
  return next;
}
