import { randomBytes } from 'node:crypto';
import type { Db } from '@exchange/kernel/db';
import { hashToken } from '../../http/sessions';

/** Opens a session and returns its token: 256 random bits, of which only the hash is stored. */
export async function openSession(prisma: Db, userId: number, ip: string, ttlHours: number): Promise<string> {
  const token = randomBytes(32).toString('hex');
  await prisma.session.create({
    data: {
      user_id: userId,
      token_hash: hashToken(token),
      ip: ip.slice(0, 64),
      expires_at: new Date(Date.now() + ttlHours * 3_600_000),
    },
  });
  return token;
}

export async function revokeSession(prisma: Db, token: string): Promise<void> {
  await prisma.session.updateMany({
    where: { token_hash: hashToken(token), revoked_at: null },
    data: { revoked_at: new Date() },
  });
}

export async function revokeAllSessions(prisma: Db, userId: number): Promise<void> {
  await prisma.session.updateMany({
    where: { user_id: userId, revoked_at: null },
    data: { revoked_at: new Date() },
  });
}
