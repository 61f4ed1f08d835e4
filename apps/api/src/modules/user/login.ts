import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/auth';
import { AppError } from '../../http/errors';
import { translate } from '../../http/i18n';
import { clearRate, consumeRate, isRateExhausted } from '../../http/rate-limit';
import { form, optionalText, requiredText } from '../../http/schemas';
import { isOn, readSetting } from '../system/settings';
import { verifyCode } from '../verification/codes';
import { parseAccount } from './account';
import { verifySecret } from './passwords';
import { openSession, revokeSession, tokenFromHeader } from './sessions';

const LOGINS_PER_IP = { name: 'login-ip', limit: 60, windowSeconds: 900 };
const FAILED_LOGINS_PER_ACCOUNT = { name: 'login-failed', limit: 10, windowSeconds: 900 };

const loginBody = form({
  user_string: requiredText('account_required', 100),
  password: requiredText('password_required', 64),
  sms_code: optionalText(6),
  area_code: optionalText(8),
  area_code_id: optionalText(4),
  type: optionalText(8),
});

/**
 * Signs a user in and returns a fresh token. Every refusal reads the same ("account or password is
 * incorrect") whether or not the account exists; repeated failures lock the account's logins for a while.
 */
async function signIn(
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
  if (await isRateExhausted(app.redis, FAILED_LOGINS_PER_ACCOUNT, accountNumber))
    throw new AppError('too_many_requests');

  if (needSmsCode && !credentials.sms_code) throw new AppError('code_required');
  const user = await app.prisma.user.findUnique({ where: { account_number: accountNumber } });
  const passwordMatches = await verifySecret(user?.password_hash, credentials.password);
  if (!user || !passwordMatches) {
    await consumeRate(app.redis, FAILED_LOGINS_PER_ACCOUNT, accountNumber).catch(() => undefined);
    throw new AppError('credentials_invalid');
  }
  if (needSmsCode) {
    await app.prisma.$transaction((tx) =>
      verifyCode(
        { prisma: app.prisma, secret: app.config.APP_SECRET },
        { destination: accountNumber, scene: 'login', code: credentials.sms_code },
        tx,
      ),
    );
  }
  if (user.status === 1 && (!user.lock_time || user.lock_time > new Date()))
    throw new AppError('account_locked');

  await clearRate(app.redis, FAILED_LOGINS_PER_ACCOUNT, accountNumber);
  const token = await openSession(app.prisma, user.id, request.ip, app.config.SESSION_TTL_HOURS);
  return { type: 'ok', message: token, id: user.id, account_number: user.account_number };
}

export function loginRoutes(app: FastifyInstance): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.post('/api/user/login', { schema: { body: loginBody } }, async (request) =>
    signIn(app, request, request.body, isOn(await readSetting(app.prisma, 'login_need_smscode'))),
  );

  // The points-exchange login variant: account and password only.
  typed.post('/api/Independent/points', { schema: { body: loginBody } }, (request) =>
    signIn(app, request, { ...request.body, sms_code: '' }, false),
  );

  typed.route({
    method: ['GET', 'POST'],
    url: '/api/user/logout',
    onRequest: app.requireUser,
    handler: async (request) => {
      currentUser(request);
      const token = tokenFromHeader(request.headers.authorization);
      if (token) {
        await revokeSession(app.prisma, token);
        await app.sessions.revokeToken(token);
      }
      return { type: 'ok', message: translate(request.locale, 'logged_out') };
    },
  });
}
