import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db, Operator } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import { clearRate, consumeRate } from '../../http/rate-limit';
import { tokenFromHeader } from '../../http/sessions';
import { roleAtLeast, roleNeedsTotp, type OperatorRole } from './roles';
import { findOperatorSession, type OperatorIdentity } from './sessions';
import { openTotpSecret, totpStep } from './totp';
import { trailOf, type Actor } from './trail';

declare module 'fastify' {
  interface FastifyRequest {
    operator: OperatorIdentity | null;
  }
}

/** No operator session: the same answer for no token, a trader's token, an expired or revoked one. */
export const operatorSignInRequired = () => new AppError('admin_login_required', {}, '999');

/**
 * Wrong two-factor codes on money requests, per operator, counted before each comparison. Only a signed-in
 * session reaches them; a sign-in's code is limited with its password, as one guess.
 */
const TOTP_GUESSES = { name: 'admin-totp', limit: 10, windowSeconds: 900 };

export interface GuardOptions {
  /** The call works before two-factor is proven (signing out, enrolling, asking who one is). */
  beforeTotp?: boolean;
}

/**
 * The onRequest hook of every `/api/admin` call: an operator session (never a trader's), two-factor proven
 * when the role needs it, and at least the route's role. Checked on the server for every call, before the
 * body or query is even parsed, so a caller without a session learns nothing of what a call accepts.
 */
export function operatorGuard(app: FastifyInstance, minimum: OperatorRole, options: GuardOptions = {}) {
  return async (request: FastifyRequest) => {
    const token = tokenFromHeader(request.headers.authorization);
    const operator = token ? await findOperatorSession(app.prisma, token) : null;
    if (!operator) throw operatorSignInRequired();
    request.operator = operator;
    if (!options.beforeTotp && roleNeedsTotp(operator.role) && !operator.totpPassed)
      throw new AppError('admin_totp_enrolment_required');
    if (!roleAtLeast(operator.role, minimum)) throw new AppError('admin_forbidden');
  };
}

/** The console's guards by role, made once for every route (plugin.ts hands them to the routes). */
export function operatorGuards(app: FastifyInstance) {
  return {
    /** Any operator's session, before two-factor is proven: signing out, enrolling, who am I. */
    anySession: operatorGuard(app, 'viewer', { beforeTotp: true }),
    viewer: operatorGuard(app, 'viewer'),
    support: operatorGuard(app, 'support'),
    finance: operatorGuard(app, 'finance'),
    admin: operatorGuard(app, 'admin'),
    /** A money request's fresh second factor (its body's `totp_code`), checked once the body is parsed. */
    freshTotp: (request: FastifyRequest) =>
      requireFreshTotp(app, request, (request.body as { totp_code: string }).totp_code),
  };
}
export type OperatorGuards = ReturnType<typeof operatorGuards>;

export function currentOperator(request: FastifyRequest): OperatorIdentity {
  if (!request.operator) throw operatorSignInRequired();
  return request.operator;
}

export function actorOf(request: FastifyRequest): Actor {
  return { operatorId: currentOperator(request).id, requestId: String(request.id), ip: request.ip };
}

/** The trail writer of this request's operator, for the area's operator action the route calls. */
export const trailFor = (request: FastifyRequest) => trailOf(actorOf(request));

/**
 * A fresh second factor on a money request: the operator's current code, checked against their secret with
 * wrong guesses limited. (A code stays valid through its 30-second step, so an operator can approve several
 * withdrawals in a row; signing in takes each code once.)
 */
export async function requireFreshTotp(app: FastifyInstance, request: FastifyRequest, code: string) {
  const operator = currentOperator(request);
  if (!code) throw new AppError('admin_totp_required');
  const { totp_secret: stored } = await app.prisma.operator.findUniqueOrThrow({ where: { id: operator.id } });
  if (!stored) throw new AppError('admin_totp_enrolment_required');
  const secret = openTotpSecret(app.config.OPERATOR_TOTP_KEY, operator.id, stored);
  await consumeRate(app.redis, TOTP_GUESSES, String(operator.id));
  if (totpStep(secret, code) === null) throw new AppError('admin_totp_invalid');
  await clearRate(app.redis, TOTP_GUESSES, String(operator.id));
}

/** The operator's two-factor secret once enrolment is done, else null (no code is asked). */
export function enrolledSecret(
  app: FastifyInstance,
  operator: Pick<Operator, 'id' | 'totp_secret' | 'totp_enabled_at'>,
): string | null {
  if (operator.totp_enabled_at === null || operator.totp_secret === null) return null;
  return openTotpSecret(app.config.OPERATOR_TOTP_KEY, operator.id, operator.totp_secret);
}

/** The step of a right code this operator has not used yet (sign-in takes each code once), else null. */
export function freshTotpStep(
  operator: Pick<Operator, 'totp_last_counter'>,
  secret: string,
  code: string,
): number | null {
  const step = totpStep(secret, code);
  return step !== null && step > operator.totp_last_counter ? step : null;
}

/** Uses a step once: of two sign-ins racing with the same code, one gets it. */
export async function takeTotpStep(prisma: Db, operatorId: number, step: number): Promise<boolean> {
  const used = await prisma.operator.updateMany({
    where: { id: operatorId, totp_last_counter: { lt: step } },
    data: { totp_last_counter: step },
  });
  return used.count === 1;
}
