import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { marketDealRequestSchema, marketDealSchema } from '@exchange/contracts';
import { answers, ok } from '../../../http/envelope';
import { marketDeal } from '../market-deal';

/** `POST /api/transaction/deal`: one market's book, its latest trades and the caller's two balances. */
export function bookRoute(app: FastifyInstance): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/transaction/deal',
    {
      schema: { body: marketDealRequestSchema, response: answers(marketDealSchema) },
      onRequest: app.optionalUser,
    },
    async (request) => ok(await marketDeal(app.prisma, request.body, request.user?.id)),
  );
}
