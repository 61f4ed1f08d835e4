import { answerSchema, recordPageSchema } from '@exchange/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/auth';
import { formatDateTime } from '../../http/format';
import { form, limitField, optionalText, pageField } from '@exchange/contracts';
import { toAmountString } from '@exchange/kernel/ledger';
import { findCurrency } from './currencies';

const outLogBody = form({
  type: optionalText(8),
  currency: optionalText(16),
  page: pageField,
  limit: limitField(10),
});

/** The caller's deposit and withdrawal records (`coinRecord`, `tbrec`), newest first. */
export function depositWithdrawalRecordRoutes(app: FastifyInstance): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  // The record page's two tabs: type buy lists deposits, anything else withdrawals.
  typed.post(
    '/api/wallet/out_log',
    {
      schema: { body: outLogBody, response: { 200: answerSchema(recordPageSchema) } },
      onRequest: app.requireUser,
    },
    async (request) => {
      const user = currentUser(request);
      const { page, limit } = request.body;
      const currency = request.body.currency
        ? await findCurrency(app.prisma, request.body.currency)
        : undefined;
      const where = { user_id: user.id, currency_id: currency?.id };
      const paging = {
        orderBy: { id: 'desc' as const },
        skip: (page - 1) * limit,
        take: limit,
        include: { currency: true },
      };
      if (request.body.type === 'buy') {
        const [count, deposits] = await Promise.all([
          app.prisma.deposit.count({ where }),
          app.prisma.deposit.findMany({ where, ...paging }),
        ]);
        const list = deposits.map((deposit) => ({
          id: deposit.id,
          currency_name: deposit.currency.name,
          number: toAmountString(deposit.amount.toFixed()),
          address: deposit.from_address,
          txid: deposit.external_id,
          status: deposit.status === 1 ? 2 : deposit.status === 0 ? 1 : 3,
          notes: '',
          create_time: formatDateTime(deposit.created_at),
        }));
        return { type: 'ok' as const, message: { list, count, page, limit } };
      }
      const [count, withdrawals] = await Promise.all([
        app.prisma.withdrawal.count({ where }),
        app.prisma.withdrawal.findMany({ where, ...paging }),
      ]);
      const list = withdrawals.map((withdrawal) => ({
        id: withdrawal.id,
        currency_name: withdrawal.currency.name,
        channel: withdrawal.channel,
        number: toAmountString(withdrawal.number.toFixed()),
        rate: toAmountString(withdrawal.rate.toFixed()),
        real_number: toAmountString(withdrawal.real_number.toFixed()),
        address: withdrawal.address,
        memo: withdrawal.memo,
        txid: withdrawal.txid,
        status: withdrawal.status,
        notes: withdrawal.notes,
        create_time: formatDateTime(withdrawal.created_at),
      }));
      return { type: 'ok' as const, message: { list, count, page, limit } };
    },
  );
}
