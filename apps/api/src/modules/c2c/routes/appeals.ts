import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { p2pAppealMessageRequestSchema, p2pAppealRequestSchema } from '@exchange/contracts';
import { P2P_PATHS } from '@exchange/contracts/constants';
import { answers, okMessage } from '../../../http/envelope';
import { addAppealMessage, appealOrder } from '../appeal-order';
import { p2pContext } from '../context';
import type { Kind } from '../rules';

/** Appeals of one kind's orders: opening one, and the parties' statements on it. */
export function appealRoutes(app: FastifyInstance, kind: Kind): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const paths = P2P_PATHS[kind];

  typed.post(
    paths.appeal,
    { schema: { body: p2pAppealRequestSchema, response: answers(z.string()) }, onRequest: app.requireUser },
    async (request) => {
      const ctx = p2pContext(app, request);
      const { id, reason } = request.body;
      ctx.push((await appealOrder(ctx.prisma, { id, userId: ctx.user.id, reason, kind })).notices);
      return okMessage(request.locale, 'p2p_appeal_submitted');
    },
  );

  typed.post(
    paths.appealMessage,
    {
      schema: { body: p2pAppealMessageRequestSchema, response: answers(z.string()) },
      onRequest: app.requireUser,
    },
    async (request) => {
      const ctx = p2pContext(app, request);
      const { id, message } = request.body;
      ctx.push((await addAppealMessage(ctx.prisma, { id, userId: ctx.user.id, message, kind })).notices);
      return okMessage(request.locale, 'p2p_appeal_message_sent');
    },
  );
}
