import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currencyDetailQuerySchema, currencyDetailSchema, quotationGroupSchema } from '@exchange/contracts';
import { answers, ok } from '../../../http/envelope';
import { currencyDetail } from '../currency-detail';
import { quotations } from '../quotations';

/** The market list by quote currency, with the caller's favourites flagged, and one currency's details. */
export function marketListRoutes(app: FastifyInstance): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    '/api/currency/quotation_new',
    { schema: { response: answers(z.array(quotationGroupSchema)) }, onRequest: app.optionalUser },
    async (request) => ok(await quotations(app.prisma, request.user?.id)),
  );
  typed.get(
    '/api/currency/detail',
    { schema: { querystring: currencyDetailQuerySchema, response: answers(currencyDetailSchema) } },
    async (request) => ok(await currencyDetail(app.prisma, request.query.id)),
  );
}
