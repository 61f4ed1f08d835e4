import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { p2pTakeAnswerSchema, p2pTakeRequestSchema } from '@exchange/contracts';
import { P2P_PATHS } from '@exchange/contracts/constants';
import { translate } from '@exchange/kernel/i18n';
import { answers, ok } from '../../../http/envelope';
import { p2pContext } from '../context';
import type { Kind } from '../rules';
import { takeAdRequest } from '../take-ad';

/** Taking an ad of one kind: answers a sentence for the toast and the new order. */
export function takeRoutes(app: FastifyInstance, kind: Kind): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    P2P_PATHS[kind].take,
    {
      schema: { body: p2pTakeRequestSchema, response: answers(p2pTakeAnswerSchema) },
      onRequest: app.requireUser,
    },
    async (request) => {
      const order = await takeAdRequest(p2pContext(app, request), kind, request.body);
      return ok({ msg: translate(request.locale, 'p2p_order_created'), data: order });
    },
  );
}
