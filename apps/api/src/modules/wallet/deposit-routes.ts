import { answerSchema, depositAddressSchema } from '@exchange/contracts';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Currency, User } from '@exchange/kernel/db';
import { currentUser } from '../../http/auth';
import { AppError } from '@exchange/kernel/errors';
import { form, optionalText } from '@exchange/contracts';
import { parseAmount } from '@exchange/kernel/ledger';
import { depositAddressFor } from './addresses';
import { findCurrency } from './currencies';
import { assertWalletOpen } from './withdrawal-routes';
import { okMessage } from '../../http/envelope';

const DEPOSIT_NOTICE_PENDING = 0;

export function depositRoutes(app: FastifyInstance): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  /** The user's own deposit address for a currency: derived, so it is the same on every call. */
  async function addressOf(user: User, currency: Currency): Promise<string> {
    const address = depositAddressFor(app.config.APP_SECRET, user.id, currency);
    await app.prisma.wallet.upsert({
      where: { user_id_currency_id: { user_id: user.id, currency_id: currency.id } },
      create: { user_id: user.id, currency_id: currency.id, address },
      update: { address },
    });
    return address;
  }

  typed.post(
    '/api/wallet/get_in_address',
    {
      schema: {
        body: form({ currency: optionalText(16) }),
        response: { 200: answerSchema(depositAddressSchema) },
      },
      onRequest: app.requireUser,
    },
    async (request) => {
      await assertWalletOpen(app.prisma);
      const currency = await findCurrency(app.prisma, request.body.currency);
      const address = await addressOf(currentUser(request), currency);
      return {
        type: 'ok' as const,
        message: {
          address,
          currency: currency.id,
          currency_name: currency.name,
          contract_address: currency.chain_type,
        },
      };
    },
  );

  // The older deposit page: the caller's USDT (ERC20/TRC20) deposit address, whatever user_id says.
  typed.get(
    '/api/money/rechange',
    { schema: { querystring: z.object({ currency: optionalText(16) }) }, onRequest: app.requireUser },
    async (request) => {
      await assertWalletOpen(app.prisma);
      const currency = await findCurrency(app.prisma, request.query.currency || 'USDT');
      return {
        type: 'ok',
        message: { company_eth_address: await addressOf(currentUser(request), currency) },
      };
    },
  );

  /**
   * A deposit notice: the user says what they sent and from where. Nothing is credited until the deposit is
   * confirmed on chain (an operator books it with `ops deposit`); the notice shows in the deposit records.
   */
  typed.post(
    '/api/wallet/charge_req',
    {
      schema: {
        body: form({ amount: optionalText(64), account: optionalText(128), currency: optionalText(16) }),
      },
      onRequest: app.requireUser,
    },
    async (request) => {
      const user = currentUser(request);
      await assertWalletOpen(app.prisma);
      const currency = await findCurrency(app.prisma, request.body.currency);
      if (!request.body.account) throw new AppError('address_required');
      const amount = parseAmount(request.body.amount, currency.decimal_scale);
      await app.prisma.deposit.create({
        data: {
          user_id: user.id,
          currency_id: currency.id,
          amount: amount.toFixed(),
          source: 'notice',
          external_id: randomUUID(),
          from_address: request.body.account,
          status: DEPOSIT_NOTICE_PENDING,
        },
      });
      return okMessage(request.locale, 'deposit_notice_submitted');
    },
  );
}
