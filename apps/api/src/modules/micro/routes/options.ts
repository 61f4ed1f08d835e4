import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { payableCurrencySchema, secondsOptionSchema } from '@exchange/contracts';
import { currentUser } from '../../../http/auth';
import { answers, ok } from '../../../http/envelope';
import { payableCurrencies } from '../payable-currencies';
import { secondsOptions } from '../seconds-options';

/** `GET /api/microtrade/payable_currencies` and `GET /api/microtrade/seconds`: what an order can be. */
export function optionRoutes(app: FastifyInstance): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    '/api/microtrade/payable_currencies',
    { schema: { response: answers(z.array(payableCurrencySchema)) }, onRequest: app.requireUser },
    async (request) => ok(await payableCurrencies(app.prisma, currentUser(request).id)),
  );
  typed.get(
    '/api/microtrade/seconds',
    { schema: { response: answers(z.array(secondsOptionSchema)) } },
    async () => ok(await secondsOptions(app.prisma)),
  );
}
