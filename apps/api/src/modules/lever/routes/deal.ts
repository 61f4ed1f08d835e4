import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { leverDealSchema, leverPairRequestSchema } from '@exchange/contracts';
import { currentUser } from '../../../http/auth';
import { answers, ok } from '../../../http/envelope';
import { readDeal } from '../read-deal';
import type { LeverRoutes } from './context';

/** `POST /api/lever/deal`: the pair's options and book, the user's live positions. */
export function dealRoute(app: FastifyInstance, { deps, views }: LeverRoutes): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/lever/deal',
    {
      schema: { body: leverPairRequestSchema, response: answers(leverDealSchema) },
      onRequest: app.requireUser,
    },
    async (request) =>
      ok(
        await readDeal(deps.prisma, views, currentUser(request).id, {
          ...request.body,
          locale: request.locale,
        }),
      ),
  );
}
