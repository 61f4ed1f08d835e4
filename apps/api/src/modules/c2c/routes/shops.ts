import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { myShopSchema, p2pAdActionRequestSchema, p2pShelvesAnswerSchema } from '@exchange/contracts';
import { currentUser } from '../../../http/auth';
import { answers, ok, okMessage } from '../../../http/envelope';
import { myShops } from '../sellers';
import { toggleShelves } from '../toggle-shelves';

/** What only seller shops have: their shops, and putting an ad on or off the shelf. */
export function shopRoutes(app: FastifyInstance): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.post(
    '/api/down',
    {
      schema: { body: p2pAdActionRequestSchema, response: { 200: p2pShelvesAnswerSchema } },
      onRequest: app.requireUser,
    },
    async (request) => {
      const shelves = await toggleShelves(app.prisma, {
        userId: currentUser(request).id,
        adId: request.body.id,
      });
      const said = okMessage(request.locale, shelves === 1 ? 'p2p_shelves_on' : 'p2p_shelves_off');
      return { ...said, is_shelves: shelves };
    },
  );

  typed.get(
    '/api/my_seller',
    { schema: { response: answers(z.array(myShopSchema)) }, onRequest: app.requireUser },
    async (request) => ok(await myShops(app.prisma, currentUser(request).id)),
  );
}
