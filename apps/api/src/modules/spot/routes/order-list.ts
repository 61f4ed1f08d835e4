import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { orderListQuerySchema, spotOrderListAnswerSchema } from '@exchange/contracts';
import { currentUser } from '../../../http/auth';
import { ok } from '../../../http/envelope';
import { listOrders } from '../list-orders';

/** `GET /api/coin/list`: a page of the caller's orders, and beside the contract's list the `total` count. */
export function orderListRoute(app: FastifyInstance): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/coin/list',
    {
      schema: { querystring: orderListQuerySchema, response: { 200: spotOrderListAnswerSchema } },
      onRequest: app.requireUser,
    },
    async (request) => {
      const { rows, total } = await listOrders(app.prisma, currentUser(request).id, request.query);
      return { ...ok(rows), total };
    },
  );
}
