import type { Currency, Db } from '@exchange/kernel/db';
import { depositAddressFor } from './addresses';
import { findCurrency } from './currencies';
import { assertWalletOpen } from './wallet-open';

/**
 * The user's own deposit address of a currency, kept on their wallet row: derived, so it is the same on every
 * call. Refused while deposits are closed.
 */
export async function ownDepositAddress(
  deps: { prisma: Db; secret: string },
  userId: number,
  currencyName: string,
): Promise<{ address: string; currency: Currency }> {
  await assertWalletOpen(deps.prisma);
  const currency = await findCurrency(deps.prisma, currencyName);
  const address = depositAddressFor(deps.secret, userId, currency);
  await deps.prisma.wallet.upsert({
    where: { user_id_currency_id: { user_id: userId, currency_id: currency.id } },
    create: { user_id: userId, currency_id: currency.id, address },
    update: { address },
  });
  return { address, currency };
}
