import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { p2pAdSchema, p2pListQuerySchema, pageDataSchema, sellerRecordSchema } from '@exchange/contracts';
import { P2P_PATHS } from '@exchange/contracts/constants';
import { currentUser } from '../../../http/auth';
import { answers, ok } from '../../../http/envelope';
import type { Kind } from '../rules';
import { adFilter, marketAds, myAds, sellerRecord } from '../views';

/** The ad lists of one kind: the market, the caller's ads, and the seller record of the caller's ads. */
export function adListRoutes(app: FastifyInstance, kind: Kind): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const paths = P2P_PATHS[kind];
  const adPage = answers(pageDataSchema(p2pAdSchema));

  typed.get(
    paths.platform,
    { schema: { querystring: p2pListQuerySchema, response: adPage }, onRequest: app.optionalUser },
    async (request) => ok(await marketAds(app.prisma, request.locale, adFilter(kind, request.query))),
  );

  typed.get(
    paths.myAds,
    { schema: { querystring: p2pListQuerySchema, response: adPage }, onRequest: app.requireUser },
    async (request) =>
      ok(await myAds(app.prisma, request.locale, currentUser(request).id, adFilter(kind, request.query))),
  );

  typed.get(
    paths.record,
    {
      schema: { querystring: p2pListQuerySchema, response: answers(pageDataSchema(sellerRecordSchema)) },
      onRequest: app.requireUser,
    },
    async (request) =>
      ok(
        await sellerRecord(
          app.prisma,
          request.locale,
          currentUser(request).id,
          adFilter(kind, request.query),
        ),
      ),
  );
}
