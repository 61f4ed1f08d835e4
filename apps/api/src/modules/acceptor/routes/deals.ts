import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acceptorDealListQuerySchema,
  acceptorDealRequestSchema,
  acceptorDealSchema,
} from '@exchange/contracts';
import { currentUser } from '../../../http/auth';
import { answers, ok, okMessage } from '../../../http/envelope';
import { p2pContext } from '../../c2c';
import { submitDeal } from '../submit-deal';
import { deskDeals, myDeals } from '../views';

/** Opening a deal, the user's deals, and the acceptor's desk. */
export function dealRoutes(app: FastifyInstance): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const dealList = answers(z.array(acceptorDealSchema));

  typed.post(
    '/api/acceptor/deal',
    {
      schema: { body: acceptorDealRequestSchema, response: answers(z.string()) },
      onRequest: app.requireUser,
    },
    async (request) => {
      await submitDeal(p2pContext(app, request), request.body);
      return okMessage(request.locale, 'acceptor_deal_submitted');
    },
  );

  typed.get(
    '/api/acceptor/my_deal',
    { schema: { querystring: acceptorDealListQuerySchema, response: dealList }, onRequest: app.requireUser },
    async (request) => ok(await myDeals(app.prisma, request.locale, currentUser(request).id, request.query)),
  );

  typed.get(
    '/api/acceptor/orders',
    { schema: { querystring: acceptorDealListQuerySchema, response: dealList }, onRequest: app.requireUser },
    async (request) =>
      ok(await deskDeals(app.prisma, request.locale, currentUser(request).id, request.query)),
  );
}
