import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import {
  leverDealSchema,
  leverMyTradeRequestSchema,
  leverMyTradeSchema,
  leverPairRequestSchema,
  leverPositionsRequestSchema,
  leverPositionsSchema,
} from '@exchange/contracts';
import type { Db } from '@exchange/kernel/db';
import type { Locale } from '@exchange/kernel/i18n';
import { currentUser } from '../../../http/auth';
import { answers, ok } from '../../../http/envelope';
import { listMyTrades } from '../list-my-trades';
import { listPairPositions } from '../list-pair-positions';
import type { PositionViews } from '../position-views';
import { readDeal } from '../read-deal';
import type { LeverRoutes } from './context';

/** A read of the user's lever account: the request's fields and language in, the contract's answer out. */
type Read<Body extends z.ZodType, Answer extends z.ZodType> = (
  prisma: Db,
  views: PositionViews,
  userId: number,
  request: z.output<Body> & { locale: Locale },
) => Promise<z.output<Answer>>;

/**
 * `POST /api/lever/deal` (a pair's options and book with the user's live positions), `POST /api/lever/dealall`
 * (one pair's positions with the risk) and `POST /api/lever/my_trade` (the user's orders).
 */
export function positionRoutes(app: FastifyInstance, { deps, views }: LeverRoutes): void {
  const read = <Body extends z.ZodType<object>, Answer extends z.ZodType>(
    path: string,
    schemas: { body: Body; answer: Answer },
    useCase: Read<Body, Answer>,
  ) =>
    app.post<{ Body: z.output<Body> }>(
      path,
      { schema: { body: schemas.body, response: answers(schemas.answer) }, onRequest: app.requireUser },
      async (request) =>
        ok(
          await useCase(
            deps.prisma,
            views,
            currentUser(request).id,
            Object.assign({ locale: request.locale }, request.body as z.output<Body>),
          ),
        ),
    );
  read('/api/lever/deal', { body: leverPairRequestSchema, answer: leverDealSchema }, readDeal);
  read(
    '/api/lever/dealall',
    { body: leverPositionsRequestSchema, answer: leverPositionsSchema },
    listPairPositions,
  );
  read('/api/lever/my_trade', { body: leverMyTradeRequestSchema, answer: leverMyTradeSchema }, listMyTrades);
}
