import type { AccountOverview } from '@exchange/contracts';
import type { Db, Wallet } from '@exchange/kernel/db';
import {
  ACCOUNTS,
  availableColumn,
  lockedColumn,
  type Account,
  Money,
  toFixedString,
} from '@exchange/kernel/ledger';
import { usdtPriceOf } from './currencies';

/** The caller's wallets of the displayed currencies, in the currencies' order. */
export function displayedWallets(prisma: Db, userId: number) {
  return prisma.wallet.findMany({
    where: { user_id: userId, currency: { is_display: 1 } },
    include: { currency: true },
    orderBy: { currency: { sort: 'asc' } },
  });
}

const sum = (wallet: Wallet, column: (account: Account) => keyof Wallet) =>
  ACCOUNTS.reduce((total, account) => total.plus(String(wallet[column(account)])), new Money(0));

/** The account centre: per currency, available and frozen across the four accounts, valued in USDT. */
export async function accountOverview(prisma: Db, userId: number): Promise<AccountOverview> {
  const list = (await displayedWallets(prisma, userId)).map((wallet) => {
    const available = sum(wallet, availableColumn);
    const frozen = sum(wallet, lockedColumn);
    return {
      currency: wallet.currency_id,
      currency_name: wallet.currency.name,
      available: toFixedString(available, 8),
      frozen: toFixedString(frozen, 8),
      usdt_value: toFixedString(available.plus(frozen).times(usdtPriceOf(wallet.currency)), 4),
    };
  });
  const total = list.reduce((acc, row) => acc.plus(row.usdt_value), new Money(0));
  return { list, total_usdt: toFixedString(total, 4) };
}
