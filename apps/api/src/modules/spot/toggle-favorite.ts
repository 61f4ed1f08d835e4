import type { Db } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';

/**
 * Toggles a favourite pair of the market list; true when it became a favourite. Toggles of the same pair
 * racing each other never collide: the one that finds the row removes it, the others add it, and an add that
 * finds it already added (ON CONFLICT DO NOTHING) is the same outcome.
 */
export async function toggleFavorite(prisma: Db, user_id: number, match_id: number): Promise<boolean> {
  if (!(await prisma.currencyMatch.findUnique({ where: { id: match_id } })))
    throw new AppError('pair_not_tradable');
  const removed = await prisma.favoritePair.deleteMany({ where: { user_id, match_id } });
  if (removed.count === 0)
    await prisma.favoritePair.createMany({ data: { user_id, match_id }, skipDuplicates: true });
  return removed.count === 0;
}
