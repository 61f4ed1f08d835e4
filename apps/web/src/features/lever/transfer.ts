import type { AccountBalance, LeverWallets } from './api';

export type TransferAccount = 'change' | 'lever';

export interface TransferCoin {
  currency: number;
  name: string;
  /** What the source account holds free of locks. */
  available: string;
}

/**
 * The coins a transfer between the spot and lever accounts offers: only those in both accounts (document 3,
 * section 3), with the source account's available balance.
 */
export function transferCoins(wallets: LeverWallets, from: TransferAccount): TransferCoin[] {
  const lever = new Map(wallets.lever_wallet.balance.map((item) => [item.currency, item]));
  const available = (item: AccountBalance | undefined) =>
    (from === 'change' ? item?.change_balance : item?.lever_balance) ?? '0';
  return wallets.change_wallet.balance
    .filter((item) => lever.has(item.currency))
    .map((item) => ({
      currency: item.currency,
      name: item.currency_name,
      available: available(from === 'change' ? item : lever.get(item.currency)),
    }));
}
