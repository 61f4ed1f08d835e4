import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  currencyQuerySchema,
  currencyRequestSchema,
  depositAddressSchema,
  depositNoticeRequestSchema,
  pendingChainDepositSchema,
  rechargeAddressSchema,
} from '@exchange/contracts';
import { currentUser } from '../../../http/auth';
import { answers, ok, okMessage } from '../../../http/envelope';
import { configuredConfirmations } from '../chain/deposit-progress';
import { pendingChainDeposits } from '../chain/pending-deposits';
import { ownDepositAddress } from '../deposit-address';
import { depositKeys } from '../deposit-keys';
import { noticeDeposit } from '../deposit-notice';

/**
 * The caller's own deposit address (the current and the older page's): `deposit_open: 0` and no address where
 * the network has no key configured, with the confirmations its deposits wait for; the chain deposits found
 * and still counting them. And deposit notices.
 */
export function depositRoutes(app: FastifyInstance): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const deps = { prisma: app.prisma, keys: depositKeys(app.config.DEPOSIT_XPUBS) };
  typed.post(
    '/api/wallet/get_in_address',
    {
      schema: { body: currencyRequestSchema, response: answers(depositAddressSchema) },
      onRequest: app.requireUser,
    },
    async (request) => {
      const { address, deposit_open, currency } = await ownDepositAddress(
        deps,
        currentUser(request).id,
        request.body.currency,
      );
      const names = {
        currency: currency.id,
        currency_name: currency.name,
        contract_address: currency.chain_type,
      };
      const confirmations = configuredConfirmations(app.config.EVM, currency);
      return ok({ address, ...names, deposit_open, confirmations });
    },
  );
  typed.post(
    '/api/wallet/chain_deposits',
    {
      schema: { body: currencyRequestSchema, response: answers(z.array(pendingChainDepositSchema)) },
      onRequest: app.requireUser,
    },
    async (request) =>
      ok(await pendingChainDeposits(app.prisma, currentUser(request).id, request.body.currency)),
  );
  // The older deposit page: the caller's USDT (ERC20/TRC20) deposit address, whatever user_id says.
  typed.get(
    '/api/money/rechange',
    {
      schema: { querystring: currencyQuerySchema, response: answers(rechargeAddressSchema) },
      onRequest: app.requireUser,
    },
    async (request) => {
      const currency = request.query.currency || 'USDT';
      const { address, deposit_open } = await ownDepositAddress(deps, currentUser(request).id, currency);
      return ok({ company_eth_address: address, deposit_open });
    },
  );
  typed.post(
    '/api/wallet/charge_req',
    {
      schema: { body: depositNoticeRequestSchema, response: answers(z.string()) },
      onRequest: app.requireUser,
    },
    async (request) => {
      await noticeDeposit(app.prisma, currentUser(request).id, request.body);
      return okMessage(request.locale, 'deposit_notice_submitted');
    },
  );
}
