import type { UserCurrency } from '@exchange/contracts';
import type { Db } from '@exchange/kernel/db';
import { ACCOUNTS, availableColumn, lockedColumn, toFixedString } from '@exchange/kernel/ledger';
import { displayedWallets } from './account-overview';

/** The caller's currencies with both balances of every account. */
export async function userCurrencies(prisma: Db, userId: number): Promise<UserCurrency[]> {
  return (await displayedWallets(prisma, userId)).map((wallet) => ({
    id: wallet.currency_id,
    name: wallet.currency.name,
    ...(Object.fromEntries(
      ACCOUNTS.flatMap((account) => [
        [availableColumn(account), toFixedString(wallet[availableColumn(account)].toFixed(), 8)],
        [lockedColumn(account), toFixedString(wallet[lockedColumn(account)].toFixed(), 8)],
      ]),
    ) as Omit<UserCurrency, 'id' | 'name'>),
  }));
}
