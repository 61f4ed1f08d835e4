import type { WalletDetail } from '@exchange/contracts';
import type { Db } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import { availableColumn, isAccount, lockedColumn, Money } from '@exchange/kernel/ledger';
import { isOn, readSettings } from '../system';
import { balanceItem, currencyFlags } from './balances';
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
  const settings = await readSettings(prisma);
  const wallet = await prisma.wallet.findUnique({
    where: { user_id_currency_id: { user_id: userId, currency_id: currency.id } },
    include: { currency: true },
  });
  const item = wallet
    ? balanceItem(wallet, account, new Money(settings.USDTRate), isOn(settings.is_open_CTbi))
    : {
        ...currencyFlags(currency),
        [availableColumn(account)]: '0.00000000',
        [lockedColumn(account)]: '0.00000000',
      };
  return { ...item, address: wallet?.address ?? '', ExRate: settings.USDTRate, coin_trade_fee: '0' };
}
