import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { acceptorActionRequestSchema } from '@exchange/contracts';
import type { MessageKey } from '@exchange/kernel/i18n';
import { answers, okMessage } from '../../../http/envelope';
import { p2pContext } from '../../c2c';
import { actOnOwnDeal } from '../act-on-deal';

/** The calls that move a deal: the acceptor's confirm, reject and transferred, the user's confirmation. */
const CALLS = [
  { path: '/api/acceptor/confirm', action: 'confirm', done: 'acceptor_confirmed' },
  { path: '/api/acceptor/reject', action: 'reject', done: 'acceptor_rejected' },
  { path: '/api/acceptor/transferred', action: 'transferred', done: 'acceptor_transferred' },
  { path: '/api/acceptor/deal_confirm', action: 'user_confirm', done: 'acceptor_confirmed' },
] as const satisfies { path: string; action: string; done: MessageKey }[];

export function dealActionRoutes(app: FastifyInstance): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  for (const { path, action, done } of CALLS) {
    typed.post(
      path,
      {
        schema: { body: acceptorActionRequestSchema, response: answers(z.string()) },
        onRequest: app.requireUser,
      },
      async (request) => {
        const minutes = await actOnOwnDeal(p2pContext(app, request), action, request.body);
        return okMessage(request.locale, done, { minutes });
      },
    );
  }
}
