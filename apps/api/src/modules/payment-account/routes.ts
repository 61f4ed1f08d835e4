import { answerSchema, bankCardSchema, cashInfoSchema, payoutBankSchema } from '@exchange/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../http/auth';
import { AppError } from '@exchange/kernel/errors';
import { form, optionalText, requiredText } from '@exchange/contracts';
import { okMessage } from '../../http/envelope';

/** Banks of the third-party payout channel; BCA is the default choice. */
export const PAYOUT_BANKS = [
  { code: 'BCA', name: 'Bank Central Asia' },
  { code: 'BRI', name: 'Bank Rakyat Indonesia' },
  { code: 'CIMB', name: 'CIMB Niaga' },
  { code: 'PERMATA', name: 'Bank Permata' },
  { code: 'DANAMON', name: 'Bank Danamon' },
] as const;

// Field order is the order the settings screen checks them in.
const cashInfoBody = form({
  real_name: requiredText('real_name_required', 64),
  bank_name: requiredText('bank_name_required', 100),
  bank_account: requiredText('bank_account_required', 64),
  alipay_account: requiredText('alipay_account_required', 100),
  wechat_nickname: requiredText('wechat_nickname_required', 64),
  wechat_account: requiredText('wechat_account_required', 100),
  wechat_collect: requiredText('wechat_collect_required', 300),
  alipay_collect: requiredText('alipay_collect_required', 300),
});

const bankBody = form({
  receive_name: requiredText('payee_name_required', 50),
  receive_account: requiredText('payee_account_required', 50),
  bank_code: optionalText(16),
  bank_name: optionalText(64),
});

export function paymentAccountRoutes(app: FastifyInstance): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.post(
    '/api/user/cash_info',
    { schema: { response: { 200: answerSchema(cashInfoSchema) } }, onRequest: app.requireUser },
    async (request) => {
      const info = await app.prisma.userCashInfo.findUnique({ where: { user_id: currentUser(request).id } });
      return { type: 'ok' as const, message: info ?? {} };
    },
  );

  typed.post(
    '/api/user/cash_save',
    { schema: { body: cashInfoBody }, onRequest: app.requireUser },
    async (request) => {
      const user_id = currentUser(request).id;
      await app.prisma.userCashInfo.upsert({
        where: { user_id },
        create: { user_id, ...request.body },
        update: request.body,
      });
      return okMessage(request.locale, 'saved');
    },
  );

  typed.post(
    '/api/user/get_bank_list',
    { schema: { response: { 200: answerSchema(z.array(payoutBankSchema)) } } },
    () => Promise.resolve({ type: 'ok' as const, message: [...PAYOUT_BANKS] }),
  );

  typed.post(
    '/api/user/get_user_bank',
    { schema: { response: { 200: answerSchema(bankCardSchema.partial()) } }, onRequest: app.requireUser },
    async (request) => {
      const bank = await app.prisma.userBank.findUnique({
        where: { user_id: currentUser(request).id },
        select: { receive_name: true, receive_account: true, bank_name: true, bank_code: true },
      });
      return { type: 'ok' as const, message: bank ?? {} };
    },
  );

  typed.post(
    '/api/user/add_bank',
    { schema: { body: bankBody }, onRequest: app.requireUser },
    async (request) => {
      const user_id = currentUser(request).id;
      // The bank name always derives from the chosen code, whatever name the client sends.
      const bank = PAYOUT_BANKS.find((candidate) => candidate.code === (request.body.bank_code || 'BCA'));
      if (!bank) throw new AppError('bank_unknown');
      const card = {
        receive_name: request.body.receive_name,
        receive_account: request.body.receive_account,
        bank_code: bank.code,
        bank_name: bank.name,
      };
      await app.prisma.userBank.upsert({ where: { user_id }, create: { user_id, ...card }, update: card });
      return okMessage(request.locale, 'saved');
    },
  );
}
