import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  answerSchema,
  profitPageSchema,
  profitsQuerySchema,
  teamLevelSchema,
  teamNodeRequestSchema,
} from '@exchange/contracts';
import { currentUserId } from '../../../http/auth';
import { ok } from '../../../http/envelope';
import { listProfits } from '../profits';
import { teamLevel } from '../tree';

/** The team calls of document 3 (section 7): the tree a level at a time, and the profit records. */
export function teamRoutes(app: FastifyInstance): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.post(
    '/api/getNode',
    {
      schema: { body: teamNodeRequestSchema, response: { 200: answerSchema(teamLevelSchema) } },
      onRequest: app.requireSession,
    },
    async (request) => {
      const { user_id, account_number, page, limit } = request.body;
      const level = await teamLevel(app.pg, currentUserId(request), {
        userId: user_id,
        accountNumber: account_number,
        page,
        limit,
      });
      return ok(level);
    },
  );

  typed.get(
    '/api/profits/show_profits',
    {
      schema: { querystring: profitsQuerySchema, response: { 200: answerSchema(profitPageSchema) } },
      onRequest: app.requireSession,
    },
    async (request) =>
      ok(
        await listProfits(
          app.prisma,
          currentUserId(request),
          request.locale,
          request.query.page,
          request.query.limit,
        ),
      ),
  );
}
