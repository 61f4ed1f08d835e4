import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  laravelPageSchema,
  microListQuerySchema,
  microOrderSchema,
  microSubmitRequestSchema,
} from '@exchange/contracts';
import { poolSql } from '@exchange/kernel/db';
import { currentUserId, tradingUserId } from '../../../http/auth';
import { answers, ok } from '../../../http/envelope';
import { listOrders } from '../list-orders';
import { loadNames, orderView } from '../order-row';
import { submitOrder, type SubmitDeps } from '../submit-order';

/** `POST /api/microtrade/submit` (a seconds order) and `GET /api/microtrade/lists` (the user's orders). */
export function orderRoutes(app: FastifyInstance, deps: SubmitDeps): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post(
    '/api/microtrade/submit',
    {
      schema: { body: microSubmitRequestSchema, response: answers(microOrderSchema) },
      onRequest: app.requireSession,
    },
    async (request) => {
      const { body } = request;
      const order = await submitOrder(deps, tradingUserId(request), {
        matchId: body.match_id,
        currencyId: body.currency_id,
        type: body.type,
        seconds: body.seconds,
        number: body.number,
      });
      return ok(orderView(order, await loadNames(poolSql(app.pg)), request.locale));
    },
  );
  typed.get(
    '/api/microtrade/lists',
    {
      schema: { querystring: microListQuerySchema, response: answers(laravelPageSchema(microOrderSchema)) },
      onRequest: app.requireSession,
    },
    async (request) =>
      ok(await listOrders(app.pg, currentUserId(request), { ...request.query, locale: request.locale })),
  );
}
