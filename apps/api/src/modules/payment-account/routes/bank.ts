import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bankCardRequestSchema, bankCardSchema, payoutBankSchema, sentenceSchema } from '@exchange/contracts';
import { currentUser } from '../../../http/auth';
import { answers, ok, okMessage } from '../../../http/envelope';
import { PAYOUT_BANKS } from '../banks';
import { saveBankCard } from '../save-bank-card';

/** The payout banks, and the user's payout bank card (read and saved). */
export function bankRoutes(app: FastifyInstance): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post('/api/user/get_bank_list', { schema: { response: answers(z.array(payoutBankSchema)) } }, () =>
    Promise.resolve(ok([...PAYOUT_BANKS])),
  );
  typed.post(
    '/api/user/get_user_bank',
    { schema: { response: answers(bankCardSchema.partial()) }, onRequest: app.requireUser },
    async (request) => {
      const bank = await app.prisma.userBank.findUnique({
        where: { user_id: currentUser(request).id },
        select: { receive_name: true, receive_account: true, bank_name: true, bank_code: true },
      });
      return ok(bank ?? {});
    },
  );
  typed.post(
    '/api/user/add_bank',
    {
      schema: { body: bankCardRequestSchema, response: answers(sentenceSchema) },
      onRequest: app.requireUser,
    },
    async (request) => {
      await saveBankCard(app.prisma, currentUser(request).id, request.body);
      return okMessage(request.locale, 'saved');
    },
  );
}
