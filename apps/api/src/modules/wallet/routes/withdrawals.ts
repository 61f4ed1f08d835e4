import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  paymentWithdrawalRequestSchema,
  withdrawalFeeRequestSchema,
  withdrawalQuoteSchema,
  withdrawalRequestSchema,
} from '@exchange/contracts';
import { currentUser } from '../../../http/auth';
import { answers, ok, okMessage } from '../../../http/envelope';
import { quoteWithdrawal } from '../quote-withdrawal';
import { withdrawByPayment } from '../withdraw-by-payment';
import { withdrawOnChain } from '../withdraw-on-chain';

/** A withdrawal's fee, and withdrawals on chain or through the payment channel. */
export function withdrawalRoutes(app: FastifyInstance): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const deps = { prisma: app.prisma, redis: app.redis };
  typed.post(
    '/api/wallet/calculat_fee',
    {
      schema: { body: withdrawalFeeRequestSchema, response: answers(withdrawalQuoteSchema) },
      onRequest: app.requireUser,
    },
    async (request) => ok(await quoteWithdrawal(app.prisma, request.body.currency, request.body.number)),
  );
  typed.post(
    '/api/wallet/out',
    { schema: { body: withdrawalRequestSchema, response: answers(z.string()) }, onRequest: app.requireUser },
    async (request) => {
      await withdrawOnChain(deps, currentUser(request), request.body);
      return okMessage(request.locale, 'withdraw_submitted');
    },
  );
  typed.post(
    '/api/wallet/out_pay',
    {
      schema: { body: paymentWithdrawalRequestSchema, response: answers(z.string()) },
      onRequest: app.requireUser,
    },
    async (request) => {
      await withdrawByPayment(deps, currentUser(request), request.body);
      return okMessage(request.locale, 'withdraw_submitted');
    },
  );
}
