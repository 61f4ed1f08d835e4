import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminMeSchema, answerSchema } from '@exchange/contracts';
import { AppError } from '@exchange/kernel/errors';
import { okMessage } from '../../http/envelope';
import { consumeRate } from '../../http/rate-limit';
import { form, optionalText, requiredText } from '@exchange/contracts';
import { returnLoginGuess, takeLoginGuess, verifySecret } from '../user';
import { currentOperator, enrolledSecret, freshTotpStep, operatorGuard, takeTotpStep } from './guard';
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

  // One step: login, password and (once enrolled) the two-factor code, and one answer for every failed
  // combination, so neither the password nor the code is confirmed alone. The traders' limits, counted before
  // anything is compared: per address, per login and address, and the login's growing delay, which a fresh
  // code skips as a trader's verification code does; so a stranger's guesses from elsewhere never keep out
  // an operator who has both factors, and whoever holds only the password cannot block the code.
  typed.post('/api/admin/login', { schema: { body: loginBody } }, async (request) => {
    const { password, code } = request.body;
    const login = request.body.login.toLowerCase();
    await consumeRate(app.redis, SIGN_INS_PER_IP, request.ip);
    const operator = await app.prisma.operator.findUnique({ where: { login } });
    const secret = operator && enrolledSecret(app, operator);
    const step = operator && secret ? freshTotpStep(operator, secret, code) : null;
    const guessKey = `operator:${login}`;
    await takeLoginGuess(app.redis, { account: guessKey, ip: request.ip, provenByCode: step !== null });
    const passwordRight = await verifySecret(operator?.password_hash, password);
    if (!operator || !passwordRight || operator.disabled_at) throw new AppError('admin_credentials_invalid');
    if (secret && (step === null || !(await takeTotpStep(app.prisma, operator.id, step))))
      throw new AppError('admin_credentials_invalid');
    await returnLoginGuess(app.redis, guessKey, request.ip);
    const enrolled = secret !== null;
    const token = await openOperatorSession(app.prisma, {
      operatorId: operator.id,
      ip: request.ip,
      totpPassed: enrolled,
    });
    const identity = { login, role: operator.role, totpEnrolled: enrolled, totpPassed: enrolled };
    return { type: 'ok' as const, message: { token, ...whoAmI(identity) } };
  });

  typed.post('/api/admin/logout', { onRequest: anySession }, async (request) => {
    await revokeOperatorSession(app.prisma, currentOperator(request).sessionId);
    return okMessage(request.locale, 'logged_out');
  });

  typed.get(
    '/api/admin/me',
    { schema: { response: { 200: answerSchema(adminMeSchema) } }, onRequest: anySession },
    (request) => ({
      type: 'ok' as const,
      message: whoAmI(currentOperator(request)),
    }),
  );

  // A new secret waits in totp_pending until a code from it is confirmed; asking again replaces it.
  typed.post('/api/admin/totp/setup', { onRequest: anySession }, async (request) => {
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
    { schema: { body: codeBody }, onRequest: anySession },
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
