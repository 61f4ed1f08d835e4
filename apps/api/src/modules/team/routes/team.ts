import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answerSchema, profitPageSchema, teamLevelSchema } from '@exchange/contracts';
import { currentUserId } from '../../../http/auth';
import { blankAsMissing, form, int4Id, limitField, optionalText, pageField } from '@exchange/contracts';
import { listProfits } from '../profits';
import { teamLevel } from '../tree';

/** An optional user id: absent or blank means the caller's own node; anything else must be a user id. */
const nodeId = blankAsMissing(int4Id('team_node_not_found'));

const nodeBody = form({
  user_id: nodeId,
  account_number: optionalText(100),
  page: pageField,
  limit: limitField(50, 200),
});

const profitsQuery = z.object({ page: pageField, limit: limitField(10, 100) });

/** The team calls of document 3 (section 7): the tree a level at a time, and the profit records. */
export function teamRoutes(app: FastifyInstance): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.post(
    '/api/getNode',
    {
      schema: { body: nodeBody, response: { 200: answerSchema(teamLevelSchema) } },
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
      return { type: 'ok' as const, message: level };
    },
  );

  typed.get(
    '/api/profits/show_profits',
    {
      schema: { querystring: profitsQuery, response: { 200: answerSchema(profitPageSchema) } },
      onRequest: app.requireSession,
    },
    async (request) => ({
      type: 'ok' as const,
      message: await listProfits(
        app.prisma,
        currentUserId(request),
        request.locale,
        request.query.page,
        request.query.limit,
      ),
    }),
  );
}
