import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  favoritePairsAnswerSchema,
  favoriteToggleAnswerSchema,
  favoriteToggleRequestSchema,
} from '@exchange/contracts';
import { ok, okMessage } from '../../../http/envelope';
import { favoritePairs } from '../favorite-pairs';
import { toggleFavorite } from '../toggle-favorite';

/** Favourite pairs of the market list: toggled one at a time, shown as `added` in quotation_new. */
export function favoriteRoutes(app: FastifyInstance): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post(
    '/api/currency/optional',
    {
      schema: { body: favoriteToggleRequestSchema, response: { 200: favoriteToggleAnswerSchema } },
      onRequest: app.requireUser,
    },
    async (request) => {
      const added = await toggleFavorite(app.prisma, request.user?.id ?? 0, request.body.match_id);
      return {
        ...okMessage(request.locale, added ? 'favorite_added' : 'favorite_removed'),
        added: added ? (1 as const) : (0 as const),
      };
    },
  );
  typed.get(
    '/api/currency/optional',
    { schema: { response: { 200: favoritePairsAnswerSchema } }, onRequest: app.requireUser },
    async (request) => ok(await favoritePairs(app.prisma, request.user?.id ?? 0)),
  );
}
