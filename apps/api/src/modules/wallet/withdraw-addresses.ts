import { codeAnswerSchema, errorEnvelopeSchema, withdrawAddressListAnswerSchema } from '@exchange/contracts';
import { answerSchema, withdrawAddressSchema } from '@exchange/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { User } from '@exchange/kernel/db';
import { currentUser } from '../../http/auth';
import { AppError } from '@exchange/kernel/errors';
import { translate } from '@exchange/kernel/i18n';
import { form, optionalText } from '@exchange/contracts';
import { parseAccount } from '../user';
import { isUniqueViolation } from '@exchange/kernel/db';
import { issueCode, withVerifiedCode } from '../verification';
import { okMessage } from '../../http/envelope';
import { canonicalAddress, isValidAddress } from './addresses';
import { findCurrency } from './currencies';

/**
 * Withdraw-address binding. This page of the original client talked to a separate wallet service, so it
 * answers in that service's style: `{code: 0, msg, data}` on success, `{code: 1, msg}` otherwise, and
 * `{code: 999, msg}` without a valid session.
 */
type Handler<T> = (request: FastifyRequest, user: User) => Promise<T>;

/** The caller's bound addresses, newest first; of one currency when one is named. */
async function boundAddresses(app: FastifyInstance, userId: number, currencyName: string) {
  const currency = currencyName ? await findCurrency(app.prisma, currencyName) : undefined;
  const rows = await app.prisma.withdrawAddress.findMany({
    where: { user_id: userId, currency_id: currency?.id },
    orderBy: { id: 'desc' },
  });
  return rows.map(({ id, currency_id, coin_name, contract_address, address, memo }) => ({
    id,
    currency_id,
    coin_name,
    contract_address,
    address,
    memo,
  }));
}

/** Removes one of the caller's addresses: the owner is part of the condition, so another's is not found. */
async function deleteOwnAddress(app: FastifyInstance, userId: number, rawId: string): Promise<void> {
  const id = /^\d{1,9}$/.test(rawId) ? Number(rawId) : 0;
  const removed = await app.prisma.withdrawAddress.deleteMany({ where: { id, user_id: userId } });
  if (removed.count === 0) throw new AppError('address_not_found');
}

/** The service's own answer, or the contract's envelope when a request fails validation before it. */
const codeAnswerOrRefusal = z.union([codeAnswerSchema, errorEnvelopeSchema]);

export function withdrawAddressRoutes(app: FastifyInstance): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  const codeMsg =
    <T>(handler: Handler<T>) =>
    async (request: FastifyRequest) => {
      try {
        await app.optionalUser(request);
        if (!request.user) return { code: 999, msg: translate(request.locale, 'login_required') };
        return await handler(request, request.user);
      } catch (error) {
        if (error instanceof AppError)
          return {
            code: error.type === '999' ? 999 : 1,
            msg: translate(request.locale, error.key, error.params),
          };
        throw error;
      }
    };

  typed.get(
    '/api/wallet/draw_address/code',
    { schema: { response: { 200: codeAnswerOrRefusal } } },
    codeMsg(async (request, user) => {
      await issueCode(
        { prisma: app.prisma, redis: app.redis, messenger: app.messenger, secret: app.config.APP_SECRET },
        {
          destination: user.account_number,
          scene: 'withdraw_address',
          channel: parseAccount(user.account_number).kind === 'email' ? 'email' : 'sms',
          ip: request.ip,
        },
      );
      return { code: 0, msg: translate(request.locale, 'code_sent') };
    }),
  );

  typed.get(
    '/api/wallet/draw_address',
    {
      schema: {
        querystring: z.object({ currency: optionalText(16) }),
        response: { 200: z.union([withdrawAddressListAnswerSchema, errorEnvelopeSchema]) },
      },
    },
    codeMsg(async (request, user) => {
      const query = request.query as { currency: string };
      return { code: 0, msg: 'ok', data: await boundAddresses(app, user.id, query.currency) };
    }),
  );

  typed.post(
    '/api/wallet/draw_address',
    {
      schema: {
        body: form({
          currency: optionalText(),
          coin_name: optionalText(),
          contract_address: optionalText(),
          address: optionalText(),
          memo: optionalText(),
          code: optionalText(),
          verificationCode: optionalText(),
        }),
        response: { 200: codeAnswerOrRefusal },
      },
    },
    codeMsg(async (request, user) => {
      const body = request.body as Record<string, string>;
      const currency = await findCurrency(app.prisma, body.currency || body.coin_name || '');
      if (!body.address) throw new AppError('address_required');
      if (!isValidAddress(currency, body.address))
        throw new AppError('address_invalid', { currency: currency.name });
      const address = canonicalAddress(currency, body.address);
      const code = body.code || body.verificationCode || '';
      if (!code) throw new AppError('code_required');
      if (!/^\d{6}$/.test(code)) throw new AppError('code_invalid');
      try {
        await withVerifiedCode(
          { prisma: app.prisma, secret: app.config.APP_SECRET },
          { destination: user.account_number, scene: 'withdraw_address', code },
          async (tx) => {
            await tx.withdrawAddress.create({
              data: {
                user_id: user.id,
                currency_id: currency.id,
                coin_name: currency.name,
                contract_address: (body.contract_address || currency.chain_type).slice(0, 32),
                address,
                memo: (body.memo ?? '').slice(0, 128),
              },
            });
          },
        );
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('address_exists');
        throw error;
      }
      return { code: 0, msg: translate(request.locale, 'address_bound') };
    }),
  );

  typed.post(
    '/api/wallet/draw_address/delete',
    { schema: { body: form({ id: optionalText() }) } },
    codeMsg(async (request, user) => {
      await deleteOwnAddress(app, user.id, (request.body as { id: string }).id);
      return { code: 0, msg: translate(request.locale, 'address_deleted') };
    }),
  );

  // Document 3, section 7: the same list and removal in the contract's own envelope.
  typed.post(
    '/api/wallet/get_address',
    {
      schema: {
        body: form({ currency: optionalText(16) }),
        response: { 200: answerSchema(z.array(withdrawAddressSchema)) },
      },
      onRequest: app.requireUser,
    },
    async (request) => ({
      type: 'ok' as const,
      message: await boundAddresses(app, currentUser(request).id, request.body.currency),
    }),
  );

  typed.post(
    '/api/wallet/deladdress',
    { schema: { body: form({ address_id: optionalText(16) }) }, onRequest: app.requireUser },
    async (request) => {
      await deleteOwnAddress(app, currentUser(request).id, request.body.address_id);
      return okMessage(request.locale, 'address_deleted');
    },
  );
}
