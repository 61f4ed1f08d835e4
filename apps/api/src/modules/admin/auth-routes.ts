import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminMeSchema, answerSchema } from '@exchange/contracts';
import { AppError } from '@exchange/kernel/errors';
import { okMessage } from '../../http/envelope';
import { consumeRate } from '../../http/rate-limit';
import { form, optionalText, requiredText } from '../../http/schemas';
import { returnLoginGuess, takeLoginGuess, verifySecret } from '../user';
import { currentOperator, operatorGuard, useTotpOnce } from './guard';
import { roleNeedsTotp } from './roles';
import { openOperatorSession, revokeOperatorSession, type OperatorIdentity } from './sessions';
import { newTotpSecret, openTotpSecret, sealTotpSecret, totpEnrolment, totpStep } from './totp';
import { recordTrail } from './trail';

const SIGN_INS_PER_IP = { name: 'admin-login-ip', limit: 60, windowSeconds: 900 };

const loginBody = form({
  login: requiredText('account_required', 64),
  password: requiredText('password_required', 128),
  code: optionalText(6),
});
const codeBody = form({ code: requiredText('admin_totp_required', 6) });

const whoAmI = (operator: Pick<OperatorIdentity, 'login' | 'role' | 'totpEnrolled' | 'totpPassed'>) => ({
  login: operator.login,
  role: operator.role,
  totp_enrolled: operator.totpEnrolled,
  totp_passed: operator.totpPassed,
  // Finance and admin can do nothing but enrol until a second factor is proven.
  needs_enrolment: roleNeedsTotp(operator.role) && !operator.totpEnrolled,
});

/** Signing in and out, who am I, and two-factor enrolment (QR code) for operators. */
export function adminAuthRoutes(app: FastifyInstance): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const anySession = operatorGuard(app, 'viewer', { beforeTotp: true });

  // The same limits as the traders' sign-in (per address; per login and address; the login's growing
  // delay), counted before the password is compared. Every refusal reads the same.
  typed.post('/api/admin/login', { schema: { body: loginBody } }, async (request) => {
    const { password, code } = request.body;
    const login = request.body.login.toLowerCase();
    await consumeRate(app.redis, SIGN_INS_PER_IP, request.ip);
    const guessKey = `operator:${login}`;
    await takeLoginGuess(app.redis, { account: guessKey, ip: request.ip, provenByCode: false });
    const operator = await app.prisma.operator.findUnique({ where: { login } });
    const matches = await verifySecret(operator?.password_hash, password);
    if (!operator || !matches || operator.disabled_at) throw new AppError('credentials_invalid');
    const enrolled = operator.totp_enabled_at !== null && operator.totp_secret !== null;
    if (enrolled) {
      if (!code) throw new AppError('admin_totp_required');
      const secret = openTotpSecret(app.config.OPERATOR_TOTP_KEY, operator.id, operator.totp_secret ?? '');
      await useTotpOnce(app, operator.id, secret, code);
    }
    await returnLoginGuess(app.redis, guessKey, request.ip);
    const token = await openOperatorSession(app.prisma, {
      operatorId: operator.id,
      ip: request.ip,
      totpPassed: enrolled,
    });
    const identity = { login, role: operator.role, totpEnrolled: enrolled, totpPassed: enrolled };
    return { type: 'ok' as const, message: { token, ...whoAmI(identity) } };
  });

  typed.post('/api/admin/logout', { preHandler: anySession }, async (request) => {
    await revokeOperatorSession(app.prisma, currentOperator(request).sessionId);
    return okMessage(request.locale, 'logged_out');
  });

  typed.get(
    '/api/admin/me',
    { schema: { response: { 200: answerSchema(adminMeSchema) } }, preHandler: anySession },
    (request) => ({
      type: 'ok' as const,
      message: whoAmI(currentOperator(request)),
    }),
  );

  // A new secret waits in totp_pending until a code from it is confirmed; asking again replaces it.
  typed.post('/api/admin/totp/setup', { preHandler: anySession }, async (request) => {
    const operator = currentOperator(request);
    if (operator.totpEnrolled) throw new AppError('admin_already_processed');
    const secret = newTotpSecret();
    const sealed = sealTotpSecret(app.config.OPERATOR_TOTP_KEY, operator.id, secret);
    await app.prisma.operator.update({ where: { id: operator.id }, data: { totp_pending: sealed } });
    return { type: 'ok' as const, message: await totpEnrolment(operator.login, secret) };
  });

  // A right code from the pending secret turns two-factor on, and proves it for this session.
  typed.post(
    '/api/admin/totp/confirm',
    { schema: { body: codeBody }, preHandler: anySession },
    async (request) => {
      const operator = currentOperator(request);
      const row = await app.prisma.operator.findUniqueOrThrow({ where: { id: operator.id } });
      if (row.totp_enabled_at || !row.totp_pending) throw new AppError('admin_already_processed');
      const pending = openTotpSecret(app.config.OPERATOR_TOTP_KEY, operator.id, row.totp_pending);
      const step = totpStep(pending, request.body.code);
      if (step === null) throw new AppError('admin_totp_invalid');
      await app.prisma.$transaction(async (tx) => {
        const enabled = await tx.operator.updateMany({
          where: { id: operator.id, totp_enabled_at: null, totp_pending: row.totp_pending },
          data: {
            totp_secret: row.totp_pending,
            totp_pending: null,
            totp_enabled_at: new Date(),
            totp_last_counter: step,
          },
        });
        if (enabled.count === 0) throw new AppError('admin_already_processed');
        await tx.operatorSession.update({ where: { id: operator.sessionId }, data: { totp_passed: true } });
        await recordTrail(
          tx,
          { operatorId: operator.id, requestId: String(request.id), ip: request.ip },
          { action: 'operator.totp_enrol', targetType: 'operator', targetId: operator.id },
        );
      });
      return okMessage(request.locale, 'admin_totp_enabled');
    },
  );
}
