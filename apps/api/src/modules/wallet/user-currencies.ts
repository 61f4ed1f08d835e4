import type { UserCurrency } from '@exchange/contracts';
import type { Db } from '@exchange/kernel/db';
import { ACCOUNTS, availableColumn, lockedColumn, toFixedString } from '@exchange/kernel/ledger';

/** The caller's currencies with both balances of every account, of the displayed currencies, in their order. */
export async function userCurrencies(prisma: Db, userId: number): Promise<UserCurrency[]> {
  const wallets = await prisma.wallet.findMany({
    where: { user_id: userId, currency: { is_display: 1 } },
    include: { currency: true },
    orderBy: { currency: { sort: 'asc' } },
  });
  return wallets.map((wallet) => ({
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
