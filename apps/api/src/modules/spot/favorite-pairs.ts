import type { Db } from '@exchange/kernel/db';

/** The caller's favourite pairs by id, oldest first. */
export async function favoritePairs(prisma: Db, userId: number): Promise<number[]> {
  const rows = await prisma.favoritePair.findMany({
    where: { user_id: userId },
    orderBy: { created_at: 'asc' },
  });
  return rows.map((row) => row.match_id);
}
