import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { realNameRequestSchema, sentenceSchema } from '@exchange/contracts';
import { currentUser } from '../../../http/auth';
import { answers, okMessage } from '../../../http/envelope';
import { submitIdentity } from '../real-name';

/** `POST /api/user/real_name`: the caller's identity for an operator to review. */
export function realNameRoutes(app: FastifyInstance): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/user/real_name',
    {
      schema: { body: realNameRequestSchema, response: answers(sentenceSchema) },
      onRequest: app.requireUser,
    },
    async (request) => {
      await submitIdentity(app.prisma, currentUser(request).id, request.body);
      return okMessage(request.locale, 'identity_submitted');
    },
  );
}
