import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '@exchange/kernel/errors';
import { translate } from '@exchange/kernel/i18n';
import { form, int4Id } from '@exchange/contracts';

export function favoriteRoutes(app: FastifyInstance): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  // Favourite pairs of the market list: toggled one at a time, shown as `added` in quotation_new. Toggles
  // of the same pair racing each other never collide: the one that finds the row removes it, the others
  // add it, and an add that finds it already added (ON CONFLICT DO NOTHING) is the same outcome.
  typed.post(
    '/api/currency/optional',
    { schema: { body: form({ match_id: int4Id() }) }, onRequest: app.requireUser },
    async (request) => {
      const user_id = request.user?.id ?? 0;
      const match_id = request.body.match_id;
      if (!(await app.prisma.currencyMatch.findUnique({ where: { id: match_id } })))
        throw new AppError('pair_not_tradable');
      const removed = await app.prisma.favoritePair.deleteMany({ where: { user_id, match_id } });
      if (removed.count === 0)
        await app.prisma.favoritePair.createMany({ data: { user_id, match_id }, skipDuplicates: true });
      const added = removed.count === 0;
      return {
        type: 'ok',
        message: translate(request.locale, added ? 'favorite_added' : 'favorite_removed'),
        added: added ? 1 : 0,
      };
    },
  );

  typed.get('/api/currency/optional', { onRequest: app.requireUser }, async (request) => {
    const rows = await app.prisma.favoritePair.findMany({
      where: { user_id: request.user?.id ?? 0 },
      orderBy: { created_at: 'asc' },
    });
    return { type: 'ok', message: rows.map((row) => row.match_id) };
  });
}
