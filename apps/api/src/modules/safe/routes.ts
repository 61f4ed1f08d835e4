import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/auth';
import { AppError } from '@exchange/kernel/errors';
import { codeField, form, optionalText, passwordField, requiredText } from '@exchange/contracts';
import { isUniqueViolation } from '@exchange/kernel/db';
import { isEmail, normaliseAreaCode, parseAccount, hashSecret } from '../user';
import { withVerifiedCode } from '../verification';
import { assertTradePassword } from './trade-password';
import { okMessage } from '../../http/envelope';

const tradePasswordBody = form({
  password: passwordField(),
  re_password: requiredText('password_required', 16),
  code: codeField,
});

const judgeBody = form({ password: optionalText(64) });

const bindMobileBody = form({
  mobile: requiredText('account_required', 32),
  area_code: optionalText(8),
  code: codeField,
});

const bindEmailBody = form({
  email: requiredText('email_invalid', 100),
  code: codeField,
});

export function safeRoutes(app: FastifyInstance): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const codeDeps = { prisma: app.prisma, secret: app.config.APP_SECRET };

  // Sets (or replaces) the trade password, proven by a code sent to the account (scene trade_password).
  typed.post(
    '/api/safe/trade_password',
    { schema: { body: tradePasswordBody }, onRequest: app.requireUser },
    async (request) => {
      const user = currentUser(request);
      const body = request.body;
      if (body.password !== body.re_password) throw new AppError('password_mismatch');
      const trade_password_hash = await hashSecret(body.password);
      await withVerifiedCode(
        codeDeps,
        { destination: user.account_number, scene: 'trade_password', code: body.code },
        async (tx) => {
          await tx.user.update({ where: { id: user.id }, data: { trade_password_hash } });
        },
      );
      return okMessage(request.locale, 'trade_password_set');
    },
  );

  // Without a password: whether one is set. With one: checks it (rate limited like every trade password check).
  typed.post(
    '/api/safe/judge_password',
    { schema: { body: judgeBody }, onRequest: app.requireUser },
    async (request) => {
      const user = currentUser(request);
      if (!request.body.password) {
        return { type: 'ok', message: { is_set: user.trade_password_hash ? 1 : 0 } };
      }
      await assertTradePassword(app.redis, user, request.body.password);
      return okMessage(request.locale, 'trade_password_correct');
    },
  );

  // Binds a phone number proven by a code sent to it (scene binding); the area code comes with it.
  typed.post(
    '/api/safe/mobile',
    { schema: { body: bindMobileBody }, onRequest: app.requireUser },
    async (request) => {
      const user = currentUser(request);
      const account = parseAccount(request.body.mobile);
      if (account.kind !== 'phone') throw new AppError('account_invalid');
      const phone = account.account_number;
      try {
        await withVerifiedCode(
          codeDeps,
          { destination: phone, scene: 'binding', code: request.body.code },
          async (tx) => {
            const owner = await tx.user.findFirst({ where: { OR: [{ phone }, { account_number: phone }] } });
            if (owner && owner.id !== user.id) throw new AppError('account_exists');
            await tx.user.update({
              where: { id: user.id },
              data: { phone, ...normaliseAreaCode('phone', request.body.area_code) },
            });
          },
        );
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('account_exists');
        throw error;
      }
      return okMessage(request.locale, 'saved');
    },
  );

  typed.post(
    '/api/safe/email',
    { schema: { body: bindEmailBody }, onRequest: app.requireUser },
    async (request) => {
      const user = currentUser(request);
      if (!isEmail(request.body.email)) throw new AppError('email_invalid');
      const email = request.body.email.toLowerCase();
      try {
        await withVerifiedCode(
          codeDeps,
          { destination: email, scene: 'binding', code: request.body.code },
          async (tx) => {
            const owner = await tx.user.findFirst({ where: { OR: [{ email }, { account_number: email }] } });
            if (owner && owner.id !== user.id) throw new AppError('email_taken');
            await tx.user.update({ where: { id: user.id }, data: { email } });
          },
        );
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('email_taken');
        throw error;
      }
      return okMessage(request.locale, 'email_bound');
    },
  );
}
