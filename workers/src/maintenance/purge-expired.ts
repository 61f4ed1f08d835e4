import type { Db } from '@exchange/kernel/db';

const DAY_MS = 86_400_000;

/** Forgets sessions a week after they ended and verification codes a day after they were sent. */
export async function purgeExpired(
  prisma: Db,
  now = new Date(),
): Promise<{ sessions: number; codes: number }> {
  const weekAgo = new Date(now.getTime() - 7 * DAY_MS);
  const sessions = await prisma.session.deleteMany({
    where: { OR: [{ expires_at: { lt: weekAgo } }, { revoked_at: { lt: weekAgo } }] },
  });
  const codes = await prisma.verificationCode.deleteMany({
    where: { created_at: { lt: new Date(now.getTime() - DAY_MS) } },
  });
  return { sessions: sessions.count, codes: codes.count };
}
