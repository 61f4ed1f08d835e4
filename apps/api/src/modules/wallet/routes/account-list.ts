import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountOverviewSchema, currencyListSchema, userCurrencySchema } from '@exchange/contracts';
import { currentUser } from '../../../http/auth';
import { answers, ok } from '../../../http/envelope';
import { accountOverview } from '../account-overview';
import { listedCurrencies } from '../listed-currencies';
import { userCurrencies } from '../user-currencies';

/** Across the four accounts: the account centre's totals, the caller's balances per currency, the currencies. */
export function accountOverviewRoutes(app: FastifyInstance): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post(
    '/api/account/list',
    { schema: { response: answers(accountOverviewSchema) }, onRequest: app.requireUser },
    async (request) => ok(await accountOverview(app.prisma, currentUser(request).id)),
  );
  typed.get(
    '/api/currency/user_currency_list',
    { schema: { response: answers(z.array(userCurrencySchema)) }, onRequest: app.requireUser },
    async (request) => ok(await userCurrencies(app.prisma, currentUser(request).id)),
  );
  typed.get('/api/currency/list', { schema: { response: answers(currencyListSchema) } }, async () =>
    ok(await listedCurrencies(app.prisma)),
  );
}
