import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { isUniqueViolation } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import { registerRequestSchema, sentenceSchema } from '@exchange/contracts';
import { parseAccount, withVerifiedCode } from '../../verification';
import { normaliseAreaCode } from '../account';
import { findInviter } from '../invites';
import { hashSecret } from '../passwords';
import { answers, okMessage } from '../../../http/envelope';
import { createUser } from '../register';

export function registerRoute(app: FastifyInstance): void {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      '/api/user/register',
      { schema: { body: registerRequestSchema, response: answers(sentenceSchema) } },
      async (request) => {
        const body = request.body;
        const parent = await findInviter(app.prisma, body.extension_code);
        const account = parseAccount(body.user_string);
        if (body.password !== body.re_password) throw new AppError('password_mismatch');
        if (await app.prisma.user.findUnique({ where: { account_number: account.account_number } })) {
          throw new AppError('account_exists');
        }
        const password_hash = await hashSecret(body.password);
        try {
          await withVerifiedCode(
            { prisma: app.prisma, secret: app.config.APP_SECRET },
            { destination: account.account_number, scene: 'register', code: body.code },
            async (tx) => {
              await createUser(tx, {
                ...account,
                ...normaliseAreaCode(account.kind, body.area_code),
                nationality: body.nationality,
                password_hash,
                parent,
              });
            },
          );
        } catch (error) {
          if (isUniqueViolation(error)) throw new AppError('account_exists');
          throw error;
        }
        return okMessage(request.locale, 'registered');
      },
    );
}
