import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountListRequestSchema,
  accountListSchema,
  currencyListSchema,
  userCurrencySchema,
} from '@exchange/contracts';
import { currentUser } from '../../../http/auth';
import { answers, ok } from '../../../http/envelope';
import { accountList } from '../account-list';
import { listedCurrencies } from '../listed-currencies';
import { userCurrencies } from '../user-currencies';

/** Across the four accounts: the caller's account log and balances per currency, and the currencies. */
export function accountListRoutes(app: FastifyInstance): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post(
    '/api/account/list',
    {
      schema: { body: accountListRequestSchema, response: answers(accountListSchema) },
      onRequest: app.requireUser,
    },
    async (request) =>
      ok(await accountList(app.prisma, { user: currentUser(request), locale: request.locale }, request.body)),
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
