import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  p2pAdActionRequestSchema,
  p2pPublishAnswerSchema,
  p2pPublishRequestSchema,
} from '@exchange/contracts';
import { P2P_PATHS } from '@exchange/contracts/constants';
import { answers, okMessage } from '../../../http/envelope';
import { p2pContext } from '../context';
import { publishAdRequest } from '../publish-ad';
import type { Kind } from '../rules';
import { withdrawAdRequest } from '../withdraw-ad';

/** The caller's ads of one kind: publishing one, withdrawing one. */
export function adRoutes(app: FastifyInstance, kind: Kind): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const paths = P2P_PATHS[kind];

  typed.post(
    paths.send,
    {
      schema: { body: p2pPublishRequestSchema, response: { 200: p2pPublishAnswerSchema } },
      onRequest: app.requireUser,
    },
    async (request) => {
      const ad = await publishAdRequest(p2pContext(app, request), kind, request.body);
      return { ...okMessage(request.locale, 'p2p_ad_published'), data: { id: ad.id } };
    },
  );

  typed.post(
    paths.withdraw,
    {
      schema: { body: p2pAdActionRequestSchema, response: answers(z.string()) },
      onRequest: app.requireUser,
    },
    async (request) => {
      await withdrawAdRequest(p2pContext(app, request), kind, request.body);
      return okMessage(request.locale, 'p2p_ad_withdrawn');
    },
  );
}
