import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answers, okMessage } from '../../../http/envelope';
import { currentUserId, tradingUserId } from '../../../http/auth';
import { recordOrderAnswer } from '../../../http/metrics';
import {
  cancelOrderRequestSchema,
  placeOrderAnswerSchema,
  placeOrderRequestSchema,
} from '@exchange/contracts';
import { AppError } from '@exchange/kernel/errors';
import { orderStages } from '@exchange/kernel/stage-times';
import { cancelOrder } from '../cancel-order';
import { placementAnswer } from '../order-answers';
import { submitOrder, type SubmittedOrder } from '../submit-order';

/** `POST /api/coin/trade`: the order path; the stage clock shows where a request's time goes. */
export function placeOrderRoute(app: FastifyInstance): void {
  const deps = { prisma: app.prisma, placements: app.placements };
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/coin/trade',
    {
      schema: { body: placeOrderRequestSchema, response: { 200: placeOrderAnswerSchema } },
      onRequest: app.requireSession,
    },
    async (request, reply) => {
      // From the request's arrival (Fastify's clock starts at onRequest) to here: read, parsed, authorised.
      orderStages.record('http parse', reply.elapsedTime);
      let submitted: SubmittedOrder;
      try {
        submitted = await submitOrder(deps, tradingUserId(request), request.body);
      } catch (error) {
        if (error instanceof AppError) recordOrderAnswer({ refusal: error.key }, reply.elapsedTime / 1000);
        throw error;
      }
      orderStages.record('total', reply.elapsedTime);
      recordOrderAnswer({ verdict: submitted.result }, reply.elapsedTime / 1000);
      return placementAnswer(request.locale, submitted);
    },
  );
}

/** `PUT /api/coin/trade`: cancels one of the caller's open orders. */
export function cancelOrderRoute(app: FastifyInstance): void {
  const deps = { prisma: app.prisma, commands: app.spotCommands, results: app.orderResults };
  app.withTypeProvider<ZodTypeProvider>().put(
    '/api/coin/trade',
    {
      schema: { body: cancelOrderRequestSchema, response: answers(z.string()) },
      onRequest: app.requireSession,
    },
    async (request) =>
      okMessage(request.locale, await cancelOrder(deps, currentUserId(request), request.body.id)),
  );
}
