import { randomBytes } from 'node:crypto';
import type { Db } from '@exchange/kernel/db';
import { hashToken } from '../../http/sessions';

/** An operator session ends after 30 minutes without a call, and 8 hours after sign-in whatever happens. */
export const OPERATOR_IDLE_MS = 30 * 60_000;
export const OPERATOR_ABSOLUTE_MS = 8 * 3_600_000;

export interface OperatorIdentity {
  id: number;
  login: string;
  role: string;
  sessionId: bigint;
  /** The session proved a second factor (at sign-in or by enrolling): required for finance and admin. */
  totpPassed: boolean;
  totpEnrolled: boolean;
}

/** Opens a session: 256 random bits, of which only the hash is stored (never in the traders' table). */
export async function openOperatorSession(
  prisma: Db,
  input: { operatorId: number; ip: string; totpPassed: boolean },
): Promise<string> {
  const token = randomBytes(32).toString('hex');
  await prisma.operatorSession.create({
    data: {
      operator_id: input.operatorId,
      token_hash: hashToken(token),
      ip: input.ip.slice(0, 64),
      totp_passed: input.totpPassed,
    },
  });
  return token;
}

/**
 * The operator behind a token, if its session is open: not revoked, younger than the absolute limit, used
 * within the idle limit, and its operator not disabled. Finding it counts as use: one guarded UPDATE moves
 * `last_seen_at` only while the session is still alive, so a session that just expired stays expired.
 */
export async function findOperatorSession(prisma: Db, token: string): Promise<OperatorIdentity | null> {
  const now = Date.now();
  const [session] = await prisma.operatorSession.updateManyAndReturn({
    where: {
      token_hash: hashToken(token),
      revoked_at: null,
      created_at: { gt: new Date(now - OPERATOR_ABSOLUTE_MS) },
      last_seen_at: { gt: new Date(now - OPERATOR_IDLE_MS) },
    },
    data: { last_seen_at: new Date(now) },
  });
  if (!session) return null;
  const operator = await prisma.operator.findUnique({ where: { id: session.operator_id } });
  if (!operator || operator.disabled_at) return null;
  return {
    id: operator.id,
    login: operator.login,
    role: operator.role,
    sessionId: session.id,
    totpPassed: session.totp_passed,
    totpEnrolled: operator.totp_enabled_at !== null,
  };
}

export async function revokeOperatorSession(prisma: Db, sessionId: bigint): Promise<void> {
  await prisma.operatorSession.updateMany({
    where: { id: sessionId, revoked_at: null },
    data: { revoked_at: new Date() },
  });
}
