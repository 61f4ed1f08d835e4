import { createHash, randomInt } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Db, Tx } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import { consumeRate } from '../../http/rate-limit';
import type { Channel, Messenger } from './messenger';

export const SCENES = [
  'register',
  'login',
  'forget',
  'binding',
  'trade_password',
  'withdraw_address',
] as const;

/** Scenes whose code always goes to the signed-in user's own account, whatever account the request names. */
export const OWN_ACCOUNT_SCENES: readonly Scene[] = ['trade_password', 'withdraw_address'];
export type Scene = (typeof SCENES)[number];

export const CODE_TTL_MS = 10 * 60_000;
export const MAX_WRONG_TRIES = 5;
/**
 * How soon a destination may be sent another code, by the purpose of the code just sent. The screens count
 * down exactly this long. The withdraw-address code may be asked again after 30 s (document 3, section 4),
 * the password-reset code after 31 s (document 1, section 4), every other purpose after 60 s. The wait is
 * one per destination whatever the purpose, so alternating purposes never sends faster than the purpose in
 * hand allows, and the per-IP and per-destination windows below cap the total either way.
 */
export const DEFAULT_RESEND_COOLDOWN_SECONDS = 60;
export const RESEND_COOLDOWN_SECONDS: Record<Scene, number> = {
  register: DEFAULT_RESEND_COOLDOWN_SECONDS,
  login: DEFAULT_RESEND_COOLDOWN_SECONDS,
  forget: 31,
  binding: DEFAULT_RESEND_COOLDOWN_SECONDS,
  trade_password: DEFAULT_RESEND_COOLDOWN_SECONDS,
  withdraw_address: 30,
};
const CODES_PER_IP = { name: 'code-ip', limit: 20, windowSeconds: 3_600 };
const CODES_PER_DESTINATION = { name: 'code-destination', limit: 20, windowSeconds: 86_400 };

export interface CodeDeps {
  prisma: Db;
  redis: Redis;
  messenger: Messenger;
  secret: string;
}

function hashCode(secret: string, destination: string, scene: Scene, code: string): string {
  return createHash('sha256').update(`${secret}:${destination}:${scene}:${code}`).digest('hex');
}

/** Sends a fresh 6-digit code: one send per destination per resend interval, and limited per IP and per day. */
export async function issueCode(
  deps: CodeDeps,
  request: { destination: string; scene: Scene; channel: Channel; ip: string },
): Promise<void> {
  const { destination, scene, channel } = request;
  const cooldownKey = `code-cooldown:${destination}`;
  const claimed = await deps.redis.set(cooldownKey, '1', 'EX', RESEND_COOLDOWN_SECONDS[scene], 'NX');
  if (claimed === null) {
    const seconds = Math.max(1, await deps.redis.ttl(cooldownKey));
    throw new AppError('code_too_soon', { seconds });
  }
  await consumeRate(deps.redis, CODES_PER_IP, request.ip);
  await consumeRate(deps.redis, CODES_PER_DESTINATION, destination);

  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await deps.prisma.verificationCode.create({
    data: {
      destination,
      scene,
      code_hash: hashCode(deps.secret, destination, scene, code),
      expires_at: new Date(Date.now() + CODE_TTL_MS),
    },
  });
  await deps.messenger.send({
    channel,
    to: destination,
    scene,
    code,
    body: `Your verification code is ${code}. It is valid for 10 minutes. Never share it with anyone.`,
  });
}

/**
 * Checks the newest code sent to a destination for a scene and answers its id. A wrong code counts against
 * the code (five strikes and it is dead), whatever happens afterwards. The comparison and the strike are
 * one UPDATE of the code's row, which only a code with strikes left passes: Postgres runs the tries at a
 * code one after another, so no burst of concurrent tries gets more than five wrong codes compared, nor a
 * right one accepted after the fifth wrong. It runs on its own connection, never inside a caller's
 * transaction (see withVerifiedCode).
 */
export async function verifyCode(
  deps: Pick<CodeDeps, 'prisma' | 'secret'>,
  attempt: { destination: string; scene: Scene; code: string },
): Promise<bigint> {
  const latest = await deps.prisma.verificationCode.findFirst({
    where: { destination: attempt.destination, scene: attempt.scene, consumed_at: null },
    orderBy: { id: 'desc' },
  });
  if (!latest || latest.expires_at <= new Date()) throw new AppError('code_invalid');
  if (latest.attempts >= MAX_WRONG_TRIES) throw new AppError('code_attempts_exceeded');

  const given = hashCode(deps.secret, attempt.destination, attempt.scene, attempt.code);
  const [tried] = await deps.prisma.$queryRaw<{ attempts: number; matched: boolean }[]>`
    UPDATE verification_codes
    SET attempts = attempts + CASE WHEN code_hash = ${given} THEN 0 ELSE 1 END
    WHERE id = ${latest.id} AND attempts < ${MAX_WRONG_TRIES}
    RETURNING attempts, code_hash = ${given} AS matched`;
  if (!tried) throw new AppError('code_attempts_exceeded');
  if (!tried.matched) {
    throw new AppError(tried.attempts >= MAX_WRONG_TRIES ? 'code_attempts_exceeded' : 'code_invalid');
  }
  return latest.id;
}

/**
 * Checks the code, then runs `work` in a transaction that uses the code up, exactly once even under
 * concurrent use. The check comes before the transaction opens: a strike written from inside one would
 * hold a pooled connection while waiting for a second, and a burst of such requests exhausts the pool.
 */
export async function withVerifiedCode<T>(
  deps: Pick<CodeDeps, 'prisma' | 'secret'>,
  attempt: { destination: string; scene: Scene; code: string },
  work: (tx: Tx) => Promise<T>,
): Promise<T> {
  const codeId = await verifyCode(deps, attempt);
  return deps.prisma.$transaction(async (tx) => {
    await consumeCode(tx, codeId);
    return work(tx);
  });
}

/** Uses up a verified code: exactly once, however many requests race with it. */
export async function consumeCode(db: Db | Tx, codeId: bigint): Promise<void> {
  const used = await db.verificationCode.updateMany({
    where: { id: codeId, consumed_at: null },
    data: { consumed_at: new Date() },
  });
  if (used.count !== 1) throw new AppError('code_invalid');
}
