import { answerSchema, withdrawalQuoteSchema } from '@exchange/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '@exchange/kernel/db';
import { currentUser } from '../../http/auth';
import { AppError } from '@exchange/kernel/errors';
import { form, optionalText } from '@exchange/contracts';
import { parseAmount, toAmountString } from '@exchange/kernel/ledger';
import { isOn, readSetting } from '../system';
import { isValidAddress } from './addresses';
import { findCurrency } from './currencies';
import { checkWithdrawalAmount, requireTradePassword, submitWithdrawal, withdrawalQuote } from './withdraw';
import { okMessage } from '../../http/envelope';

/** Deposits and withdrawals stay closed until an operator turns is_open_CTbi on. */
export async function assertWalletOpen(prisma: Db): Promise<void> {
  if (!isOn(await readSetting(prisma, 'is_open_CTbi'))) throw new AppError('wallet_closed');
}

const feeBody = form({ currency: optionalText(16), number: optionalText(64) });

const outBody = form({
  currency: optionalText(16),
  number: optionalText(64),
  address: optionalText(128),
  memo: optionalText(128),
  rate: optionalText(64),
  pay_password: optionalText(64),
  pass: optionalText(64),
  type: optionalText(16),
});

const outPayBody = form({
  currency: optionalText(16),
  number: optionalText(64),
  rate: optionalText(64),
  pay_password: optionalText(64),
  pass: optionalText(64),
});

export function withdrawalRoutes(app: FastifyInstance): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.post(
    '/api/wallet/calculat_fee',
    {
      schema: { body: feeBody, response: { 200: answerSchema(withdrawalQuoteSchema) } },
      onRequest: app.requireUser,
    },
    async (request) => {
      const currency = await findCurrency(app.prisma, request.body.currency);
      const amount = parseAmount(request.body.number, currency.decimal_scale);
      checkWithdrawalAmount(currency, amount);
      const { rate, real_number } = withdrawalQuote(currency, amount);
      return {
        type: 'ok' as const,
        message: { rate: toAmountString(rate), real_number: toAmountString(real_number) },
      };
    },
  );

  typed.post(
    '/api/wallet/out',
    { schema: { body: outBody }, onRequest: app.requireUser },
    async (request) => {
      const user = currentUser(request);
      const body = request.body;
      await assertWalletOpen(app.prisma);
      const currency = await findCurrency(app.prisma, body.currency);
      if (!body.address) throw new AppError('address_required');
      if (!isValidAddress(currency, body.address))
        throw new AppError('address_invalid', { currency: currency.name });
      const amount = parseAmount(body.number, currency.decimal_scale);
      checkWithdrawalAmount(currency, amount);
      await requireTradePassword(app.redis, user, body.pay_password || body.pass);
      await submitWithdrawal(app.prisma, {
        user,
        currency,
        amount,
        channel: 'chain',
        address: body.address,
        memo: body.memo,
      });
      return okMessage(request.locale, 'withdraw_submitted');
    },
  );

  // Withdrawal through the third-party payment channel, paid out to the user's bound bank card.
  typed.post(
    '/api/wallet/out_pay',
    { schema: { body: outPayBody }, onRequest: app.requireUser },
    async (request) => {
      const user = currentUser(request);
      await assertWalletOpen(app.prisma);
      const currency = await findCurrency(app.prisma, request.body.currency);
      const amount = parseAmount(request.body.number, currency.decimal_scale);
      const card = await app.prisma.userBank.findUnique({ where: { user_id: user.id } });
      if (!card) throw new AppError('bank_card_required');
      checkWithdrawalAmount(currency, amount);
      await requireTradePassword(app.redis, user, request.body.pay_password || request.body.pass);
      await submitWithdrawal(app.prisma, {
        user,
        currency,
        amount,
        channel: 'payment',
        address: `${card.bank_code}:${card.receive_account}`,
        memo: card.receive_name,
      });
      return okMessage(request.locale, 'withdraw_submitted');
    },
  );
}
