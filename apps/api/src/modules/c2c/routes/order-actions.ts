import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { p2pOrderActionRequestSchema } from '@exchange/contracts';
import { P2P_PATHS, type P2pOrderAction } from '@exchange/contracts/constants';
import type { MessageKey } from '@exchange/kernel/i18n';
import { answers, okMessage } from '../../../http/envelope';
import { actOnOrder } from '../act-on-order';
import { p2pContext } from '../context';
import type { Kind } from '../rules';

const DONE: Record<P2pOrderAction, MessageKey> = {
  pay: 'p2p_marked_paid',
  cancel: 'p2p_cancelled',
  confirmOwner: 'p2p_confirmed',
  confirmTaker: 'p2p_confirmed',
};

/** The calls that move an order of one kind: pay, cancel, and the seller's confirmations. */
export function orderActionRoutes(app: FastifyInstance, kind: Kind): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  for (const [call, path] of Object.entries(P2P_PATHS[kind].actions) as [P2pOrderAction, string][]) {
    typed.post(
      path,
      {
        schema: { body: p2pOrderActionRequestSchema, response: answers(z.string()) },
        onRequest: app.requireUser,
      },
      async (request) => {
        await actOnOrder(p2pContext(app, request), kind, call, request.body);
        return okMessage(request.locale, DONE[call]);
      },
    );
  }
}
