import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser } from '../../../http/auth';
import { AppError } from '@exchange/kernel/errors';
import {
  forgetPasswordRequestSchema,
  passwordChangeRequestSchema,
  sentenceSchema,
} from '@exchange/contracts';
import { parseAccount } from '../../verification';
import { forgetLoginGuesses } from '../login-throttle';
import { answers, okMessage } from '../../../http/envelope';
import { resetPassword } from '../password-reset';

export function passwordResetRoutes(app: FastifyInstance): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  const response = answers(sentenceSchema);
  typed.post(
    '/api/user/forget',
    { schema: { body: forgetPasswordRequestSchema, response } },
    async (request) => {
      const body = request.body;
      const account = parseAccount(body.account);
      if (body.password !== body.repassword) throw new AppError('password_mismatch');
      const userId = await resetPassword(
        app.prisma,
        app.config.APP_SECRET,
        account.account_number,
        body.password,
        body.code,
      );
      await app.sessions.revokeUser(userId);
      await forgetLoginGuesses(app.redis, account.account_number, request.ip);
      return okMessage(request.locale, 'password_updated');
    },
  );

  typed.post(
    '/api/safe/update_password',
    { schema: { body: passwordChangeRequestSchema, response }, onRequest: app.requireUser },
    async (request) => {
      const user = currentUser(request);
      const body = request.body;
      if (body.password !== body.re_password) throw new AppError('password_mismatch');
      await resetPassword(app.prisma, app.config.APP_SECRET, user.account_number, body.password, body.code);
      await app.sessions.revokeUser(user.id);
      await forgetLoginGuesses(app.redis, user.account_number, request.ip);
      return okMessage(request.locale, 'password_updated');
    },
  );
}
