import type { paymentWithdrawalRequestSchema } from '@exchange/contracts';
import type { z } from 'zod';
import type { Db, User } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import type { Redis } from 'ioredis';
import { openWalletAmount } from './wallet-open';
import { withdrawWithPassword } from './withdraw';

/** A withdrawal through the third-party payment channel, paid out to the user's bound bank card. */
export async function withdrawByPayment(
  deps: { prisma: Db; redis: Redis },
  user: User,
  form: z.output<typeof paymentWithdrawalRequestSchema>,
): Promise<void> {
  const { currency, amount } = await openWalletAmount(deps.prisma, form.currency, form.number);
  const card = await deps.prisma.userBank.findUnique({ where: { user_id: user.id } });
  if (!card) throw new AppError('bank_card_required');
  const address = `${card.bank_code}:${card.receive_account}`;
  const withdrawal = {
    user,
    currency,
    amount,
    channel: 'payment' as const,
    address,
    memo: card.receive_name,
  };
  await withdrawWithPassword(deps, withdrawal, form.pay_password || form.pass);
}
