import type { depositNoticeRequestSchema } from '@exchange/contracts';
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { Db } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import { parseAmount } from '@exchange/kernel/ledger';
import { findCurrency } from './currencies';
import { assertWalletOpen } from './wallet-open';

const DEPOSIT_NOTICE_PENDING = 0;

/**
 * A deposit notice: the user says what they sent and from where. Nothing is credited until the deposit is
 * confirmed on chain (an operator books it with `ops deposit`); the notice shows in the deposit records.
 */
export async function noticeDeposit(
  prisma: Db,
  userId: number,
  form: z.output<typeof depositNoticeRequestSchema>,
): Promise<void> {
  await assertWalletOpen(prisma);
  const currency = await findCurrency(prisma, form.currency);
  if (!form.account) throw new AppError('address_required');
  const amount = parseAmount(form.amount, currency.decimal_scale);
  await prisma.deposit.create({
    data: {
      user_id: userId,
      currency_id: currency.id,
      amount: amount.toFixed(),
      source: 'notice',
      external_id: randomUUID(),
      from_address: form.account,
      status: DEPOSIT_NOTICE_PENDING,
    },
  });
}
