import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '@exchange/kernel/errors';
import { clearRate, consumeRate } from '../../http/rate-limit';
import { tokenFromHeader } from '../user';
import { roleAtLeast, roleNeedsTotp, type OperatorRole } from './roles';
import { findOperatorSession, type OperatorIdentity } from './sessions';
import { openTotpSecret, totpStep } from './totp';
import type { Actor } from './trail';

declare module 'fastify' {
  interface FastifyRequest {
    operator: OperatorIdentity | null;
  }
}

/** No operator session: the same answer for no token, a trader's token, an expired or revoked one. */
export const operatorSignInRequired = () => new AppError('admin_login_required', {}, '999');

/** Wrong two-factor codes per operator, counted before each comparison (as the trade password is). */
const TOTP_GUESSES = { name: 'admin-totp', limit: 10, windowSeconds: 900 };

export interface GuardOptions {
  /** The call works before two-factor is proven (signing out, enrolling, asking who one is). */
  beforeTotp?: boolean;
}

/**
 * The preHandler of every `/api/admin` call: an operator session (never a trader's), two-factor proven when
 * the role needs it, and at least the route's role. Checked on the server for every call.
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

export function currentOperator(request: FastifyRequest): OperatorIdentity {
  if (!request.operator) throw operatorSignInRequired();
  return request.operator;
}

export function actorOf(request: FastifyRequest): Actor {
  return { operatorId: currentOperator(request).id, requestId: String(request.id), ip: request.ip };
}

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

/** Takes a code once: the step must be newer than the last one this operator used (sign-in, enrolment). */
export async function useTotpOnce(
  app: FastifyInstance,
  operatorId: number,
  secret: string,
  code: string,
): Promise<void> {
  await consumeRate(app.redis, TOTP_GUESSES, String(operatorId));
  const step = totpStep(secret, code);
  if (step === null) throw new AppError('admin_totp_invalid');
  const used = await app.prisma.operator.updateMany({
    where: { id: operatorId, totp_last_counter: { lt: step } },
    data: { totp_last_counter: step },
  });
  if (used.count === 0) throw new AppError('admin_totp_invalid');
  await clearRate(app.redis, TOTP_GUESSES, String(operatorId));
}
