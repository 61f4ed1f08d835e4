import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '@exchange/kernel/db';
import { currentUser } from '../../http/auth';
import { AppError } from '@exchange/kernel/errors';
import {
  forgetPasswordRequestSchema,
  passwordChangeRequestSchema,
  sentenceSchema,
} from '@exchange/contracts';
import { parseAccount, withVerifiedCode } from '../verification';
import { hashSecret } from './passwords';
import { forgetLoginGuesses } from './login-throttle';
import { revokeAllSessions } from './sessions';
import { answers, okMessage } from '../../http/envelope';

/** Sets a new login password with a code sent to the account, and signs every session of it out. */
async function resetPassword(
  prisma: Db,
  secret: string,
  accountNumber: string,
  password: string,
  code: string,
) {
  const password_hash = await hashSecret(password);
  const userId = await withVerifiedCode(
    { prisma, secret },
    { destination: accountNumber, scene: 'forget', code },
    async (tx) => {
      const updated = await tx.user.updateManyAndReturn({
        where: { account_number: accountNumber },
        data: { password_hash },
        select: { id: true },
      });
      const [user] = updated;
      if (!user) throw new AppError('code_invalid');
      return user.id;
    },
  );
  await revokeAllSessions(prisma, userId);
  return userId;
}

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
