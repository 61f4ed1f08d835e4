import { createHash } from 'node:crypto';
import type { Db, User } from '@exchange/kernel/db';

/** Sessions are stored by the SHA-256 of their token, never the token itself. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The user of a live session (neither revoked nor expired), or null. */
export async function findSessionUser(prisma: Db, token: string): Promise<User | null> {
  const session = await prisma.session.findUnique({
    where: { token_hash: hashToken(token) },
    include: { user: true },
  });
  if (!session || session.revoked_at || session.expires_at <= new Date()) return null;
  return session.user;
}

/** Accepts the raw token (as the spec's client sends it) or a `Bearer` token. */
export function tokenFromHeader(header: string | undefined): string | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  return value.toLowerCase().startsWith('bearer ') ? value.slice(7).trim() : value;
}
