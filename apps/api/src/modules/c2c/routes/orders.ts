import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { p2pIdQuerySchema, p2pListQuerySchema, p2pOrderSchema, pageDataSchema } from '@exchange/contracts';
import { P2P_PATHS } from '@exchange/contracts/constants';
import { currentUser } from '../../../http/auth';
import { answers, ok } from '../../../http/envelope';
import type { Kind } from '../rules';
import { adOrders, partyOrder, takerOrders } from '../views';

/** The caller's orders of one kind: those it took, one by id, those on one of its ads. */
export function orderRoutes(app: FastifyInstance, kind: Kind): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const paths = P2P_PATHS[kind];
  const orderPage = answers(pageDataSchema(p2pOrderSchema));

  typed.get(
    paths.myOrders,
    { schema: { querystring: p2pListQuerySchema, response: orderPage }, onRequest: app.requireUser },
    async (request) =>
      ok(await takerOrders(app.prisma, request.locale, currentUser(request).id, kind, request.query.page)),
  );

  typed.get(
    paths.order,
    {
      schema: { querystring: p2pIdQuerySchema, response: answers(p2pOrderSchema) },
      onRequest: app.requireUser,
    },
    async (request) =>
      ok(await partyOrder(app.prisma, request.locale, currentUser(request).id, kind, request.query.id)),
  );

  typed.get(
    paths.adOrders,
    { schema: { querystring: p2pIdQuerySchema, response: orderPage }, onRequest: app.requireUser },
    async (request) =>
      ok(await adOrders(app.prisma, request.locale, currentUser(request).id, kind, request.query)),
  );
}
