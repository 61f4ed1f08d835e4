import type { Currency, Db } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import { parseAmount, type Money } from '@exchange/kernel/ledger';
import { isOn, readSetting } from '../system';
import { findCurrency } from './currencies';

/** Deposits and withdrawals stay closed until an operator turns is_open_CTbi on. */
export async function assertWalletOpen(prisma: Db): Promise<void> {
  if (!isOn(await readSetting(prisma, 'is_open_CTbi'))) throw new AppError('wallet_closed');
}

/** The currency and amount of a deposit or withdrawal request, refused while the wallet is closed. */
export async function openWalletAmount(
  prisma: Db,
  currencyName: string,
  number: string,
): Promise<{ currency: Currency; amount: Money }> {
  await assertWalletOpen(prisma);
  const currency = await findCurrency(prisma, currencyName);
  return { currency, amount: parseAmount(number, currency.decimal_scale) };
}
