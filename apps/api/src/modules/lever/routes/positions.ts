import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  leverMyTradeRequestSchema,
  leverMyTradeSchema,
  leverPositionsRequestSchema,
  leverPositionsSchema,
} from '@exchange/contracts';
import { currentUser } from '../../../http/auth';
import { answers, ok } from '../../../http/envelope';
import { listMyTrades } from '../list-my-trades';
import { listPairPositions } from '../list-pair-positions';
import type { LeverRoutes } from './context';

/** `POST /api/lever/dealall` (one pair's positions) and `POST /api/lever/my_trade` (the user's orders). */
export function positionRoutes(app: FastifyInstance, { deps, views }: LeverRoutes): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post(
    '/api/lever/dealall',
    {
      schema: { body: leverPositionsRequestSchema, response: answers(leverPositionsSchema) },
      onRequest: app.requireUser,
    },
    async (request) =>
      ok(
        await listPairPositions(deps.prisma, views, currentUser(request).id, {
          ...request.body,
          locale: request.locale,
        }),
      ),
  );
  typed.post(
    '/api/lever/my_trade',
    {
      schema: { body: leverMyTradeRequestSchema, response: answers(leverMyTradeSchema) },
      onRequest: app.requireUser,
    },
    async (request) =>
      ok(
        await listMyTrades(deps.prisma, views, currentUser(request).id, {
          ...request.body,
          locale: request.locale,
        }),
      ),
  );
}
