import type { WalletDetail } from '@exchange/contracts';
import type { Db } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import { availableColumn, isAccount, lockedColumn } from '@exchange/kernel/ledger';
import { balanceItem, balanceTerms, currencyFlags } from './balances';
import { findCurrency } from './currencies';

/** One account (spot when none is named) of one currency, zero while the user holds no wallet of it. */
export async function walletDetail(
  prisma: Db,
  userId: number,
  form: { currency: string; type: string },
): Promise<WalletDetail> {
  const account = form.type || 'change';
  if (!isAccount(account)) throw new AppError('account_type_invalid');
  const currency = await findCurrency(prisma, form.currency);
  const terms = await balanceTerms(prisma);
  const wallet = await prisma.wallet.findUnique({
    where: { user_id_currency_id: { user_id: userId, currency_id: currency.id } },
    include: { currency: true },
  });
  const item = wallet
    ? balanceItem(wallet, account, terms)
    : {
        ...currencyFlags(currency),
        [availableColumn(account)]: '0.00000000',
        [lockedColumn(account)]: '0.00000000',
      };
  return { ...item, address: wallet?.address ?? '', ExRate: terms.exRate, coin_trade_fee: '0' };
}
