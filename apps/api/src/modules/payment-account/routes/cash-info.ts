import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { cashInfoRequestSchema, cashInfoSchema, sentenceSchema } from '@exchange/contracts';
import { currentUser } from '../../../http/auth';
import { answers, ok, okMessage } from '../../../http/envelope';

/** `POST /api/user/cash_info` reads, `/api/user/cash_save` saves the P2P payment settings. */
export function cashInfoRoutes(app: FastifyInstance): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post(
    '/api/user/cash_info',
    { schema: { response: answers(cashInfoSchema) }, onRequest: app.requireUser },
    async (request) => {
      const info = await app.prisma.userCashInfo.findUnique({ where: { user_id: currentUser(request).id } });
      return ok(info ?? {});
    },
  );
  typed.post(
    '/api/user/cash_save',
    {
      schema: { body: cashInfoRequestSchema, response: answers(sentenceSchema) },
      onRequest: app.requireUser,
    },
    async (request) => {
      const user_id = currentUser(request).id;
      await app.prisma.userCashInfo.upsert({
        where: { user_id },
        create: { user_id, ...request.body },
        update: request.body,
      });
      return okMessage(request.locale, 'saved');
    },
  );
}
