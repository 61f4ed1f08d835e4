import type { FastifyInstance } from 'fastify';
import { AppError } from '@exchange/kernel/errors';
import { consumeRate } from '../../http/rate-limit';
import { returnLoginGuess, takeLoginGuess, verifySecret } from '../user';
import { enrolledSecret, freshTotpStep, takeTotpStep } from './guard';
import { roleNeedsTotp } from './roles';
import { openOperatorSession, type OperatorIdentity } from './sessions';

const SIGN_INS_PER_IP = { name: 'admin-login-ip', limit: 60, windowSeconds: 900 };

/** Who an operator is, as the console shows it (`/api/admin/me` and the sign-in's answer). */
export const whoAmI = (
  operator: Pick<OperatorIdentity, 'login' | 'role' | 'totpEnrolled' | 'totpPassed'>,
) => ({
  login: operator.login,
  role: operator.role,
  totp_enrolled: operator.totpEnrolled,
  totp_passed: operator.totpPassed,
  // Finance and admin can do nothing but enrol until a second factor is proven.
  needs_enrolment: roleNeedsTotp(operator.role) && !operator.totpEnrolled,
});

/**
 * One step: login, password and (once enrolled) the two-factor code, and one answer for every failed
 * combination, so neither the password nor the code is confirmed alone. The traders' limits, counted before
 * anything is compared: per address, per login and address, and the login's growing delay, which a fresh
 * code skips as a trader's verification code does; so a stranger's guesses from elsewhere never keep out
 * an operator who has both factors, and whoever holds only the password cannot block the code.
 */
export async function signInOperator(
  app: FastifyInstance,
  input: { login: string; password: string; code: string; ip: string },
) {
  const login = input.login.toLowerCase();
  await consumeRate(app.redis, SIGN_INS_PER_IP, input.ip);
  const operator = await app.prisma.operator.findUnique({ where: { login } });
  const secret = operator && enrolledSecret(app, operator);
  const step = operator && secret ? freshTotpStep(operator, secret, input.code) : null;
  const guessKey = `operator:${login}`;
  await takeLoginGuess(app.redis, { account: guessKey, ip: input.ip, provenByCode: step !== null });
  const passwordRight = await verifySecret(operator?.password_hash, input.password);
  if (!operator || !passwordRight || operator.disabled_at) throw new AppError('admin_credentials_invalid');
  if (secret && (step === null || !(await takeTotpStep(app.prisma, operator.id, step))))
    throw new AppError('admin_credentials_invalid');
  await returnLoginGuess(app.redis, guessKey, input.ip);
  const enrolled = secret !== null;
  const token = await openOperatorSession(app.prisma, {
    operatorId: operator.id,
    ip: input.ip,
    totpPassed: enrolled,
  });
  return { token, ...whoAmI({ login, role: operator.role, totpEnrolled: enrolled, totpPassed: enrolled }) };
}
