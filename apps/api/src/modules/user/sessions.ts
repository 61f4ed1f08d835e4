import { createHash, randomBytes } from 'node:crypto';
import type { Db, User } from '@exchange/kernel/db';

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

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

export async function findSessionUser(prisma: Db, token: string): Promise<User | null> {
  const session = await prisma.session.findUnique({
    where: { token_hash: hashToken(token) },
    include: { user: true },
  });
  if (!session || session.revoked_at || session.expires_at <= new Date()) return null;
  return session.user;
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

/** Accepts the raw token (as the spec's client sends it) or a `Bearer` token. */
export function tokenFromHeader(header: string | undefined): string | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  return value.toLowerCase().startsWith('bearer ') ? value.slice(7).trim() : value;
}
