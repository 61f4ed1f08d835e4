import type { withdrawalRequestSchema } from '@exchange/contracts';
import type { z } from 'zod';
import type { Db, User } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import { parseAmount } from '@exchange/kernel/ledger';
import type { Redis } from 'ioredis';
import { isValidAddress } from './addresses';
import { findCurrency } from './currencies';
import { assertWalletOpen } from './wallet-open';
import { withdrawWithPassword } from './withdraw';

/** A withdrawal on chain: the address and amount checked, the trade password asked, then the amount locked. */
export async function withdrawOnChain(
  deps: { prisma: Db; redis: Redis },
  user: User,
  form: z.output<typeof withdrawalRequestSchema>,
): Promise<void> {
  await assertWalletOpen(deps.prisma);
  const currency = await findCurrency(deps.prisma, form.currency);
  if (!form.address) throw new AppError('address_required');
  if (!isValidAddress(currency, form.address))
    throw new AppError('address_invalid', { currency: currency.name });
  const amount = parseAmount(form.number, currency.decimal_scale);
  const withdrawal = {
    user,
    currency,
    amount,
    channel: 'chain' as const,
    address: form.address,
    memo: form.memo,
  };
  await withdrawWithPassword(deps, withdrawal, form.pay_password || form.pass);
}
