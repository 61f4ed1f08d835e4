import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '@exchange/kernel/errors';
import { consumeRate } from '../../http/rate-limit';
import { ok } from '../../http/envelope';
import { consumeCode, parseAccount, verifyCode } from '../verification';
import { returnLoginGuess, takeLoginGuess } from './login-throttle';
import { verifySecret } from './passwords';
import { openSession } from './sessions';

const LOGINS_PER_IP = { name: 'login-ip', limit: 60, windowSeconds: 900 };

/**
 * Signs a user in and returns a fresh token. Every refusal reads the same ("account or password is
 * incorrect") whether or not the account exists. Guessing is limited before any password is compared (see
 * login-throttle.ts): per address and account, and per account with a growing delay that a valid
 * verification code skips.
 */
export async function signIn(
  app: FastifyInstance,
  request: FastifyRequest,
  credentials: { user_string: string; password: string; sms_code: string },
  needSmsCode: boolean,
) {
  await consumeRate(app.redis, LOGINS_PER_IP, request.ip);
  let accountNumber: string;
  try {
    accountNumber = parseAccount(credentials.user_string).account_number;
  } catch {
    throw new AppError('credentials_invalid');
  }
  if (needSmsCode && !credentials.sms_code) throw new AppError('code_required');

  // A valid code proves the account's phone or e-mail: required when the setting asks for it, and with or
  // without the setting it takes the owner past the account's guessing delay. Wrong codes count against
  // the code (five and it is dead) like everywhere else.
  const codeDeps = { prisma: app.prisma, secret: app.config.APP_SECRET };
  const loginCode = { destination: accountNumber, scene: 'login', code: credentials.sms_code } as const;
  let loginCodeId: bigint | undefined;
  if (credentials.sms_code) {
    try {
      loginCodeId = await verifyCode(codeDeps, loginCode);
    } catch (error) {
      if (needSmsCode || !(error instanceof AppError)) throw error;
    }
  }

  await takeLoginGuess(app.redis, {
    account: accountNumber,
    ip: request.ip,
    provenByCode: loginCodeId !== undefined,
  });
  const user = await app.prisma.user.findUnique({ where: { account_number: accountNumber } });
  const passwordMatches = await verifySecret(user?.password_hash, credentials.password);
  if (!user || !passwordMatches) throw new AppError('credentials_invalid');
  // Used up with the sign-in, exactly once even when two sign-ins race with it.
  if (loginCodeId !== undefined) await consumeCode(app.prisma, loginCodeId);
  if (user.status === 1 && (!user.lock_time || user.lock_time > new Date()))
    throw new AppError('account_locked');

  await returnLoginGuess(app.redis, accountNumber, request.ip);
  const token = await openSession(app.prisma, user.id, request.ip, app.config.SESSION_TTL_HOURS);
  return { ...ok(token), id: user.id, account_number: user.account_number };
}
