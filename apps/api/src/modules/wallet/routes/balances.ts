import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  currencyInfoRequestSchema,
  currencyInfoSchema,
  legacyWalletListSchema,
  walletDetailRequestSchema,
  walletDetailSchema,
  walletListRequestSchema,
  walletListSchema,
} from '@exchange/contracts';
import { currentUser } from '../../../http/auth';
import { answers, ok } from '../../../http/envelope';
import { walletGroups } from '../balances';
import { currencyInfo } from '../currency-info';
import { depositKeys } from '../deposit-keys';
import { walletDetail } from '../wallet-detail';

/** The four accounts with their totals, for the caller only. */
export function walletListRoutes(app: FastifyInstance): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post(
    '/api/wallet/list',
    {
      schema: { body: walletListRequestSchema, response: answers(walletListSchema) },
      onRequest: app.requireUser,
    },
    async (request) =>
      ok(await walletGroups(app.prisma, currentUser(request).id, request.body.currency_name)),
  );
  // The older GET variant names a user_id; it only ever shows the caller's own wallets.
  typed.get(
    '/api/wallet/list',
    { schema: { response: answers(legacyWalletListSchema) }, onRequest: app.requireUser },
    async (request) => {
      const groups = await walletGroups(app.prisma, currentUser(request).id, '');
      return ok({ list: groups.change_wallet.balance, ...groups });
    },
  );
}

/** One account of one currency, and a currency's withdrawal terms with the caller's balances. */
export function balanceDetailRoutes(app: FastifyInstance): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const deps = { prisma: app.prisma, keys: depositKeys(app.config.DEPOSIT_XPUBS) };
  typed.post(
    '/api/wallet/detail',
    {
      schema: { body: walletDetailRequestSchema, response: answers(walletDetailSchema) },
      onRequest: app.requireUser,
    },
    async (request) => ok(await walletDetail(app.prisma, currentUser(request).id, request.body)),
  );
  typed.post(
    '/api/wallet/get_info',
    {
      schema: { body: currencyInfoRequestSchema, response: answers(currencyInfoSchema) },
      onRequest: app.requireUser,
    },
    async (request) => ok(await currencyInfo(deps, currentUser(request).id, request.body.currency)),
  );
}
