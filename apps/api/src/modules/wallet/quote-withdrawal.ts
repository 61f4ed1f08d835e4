import type { WithdrawalQuote } from '@exchange/contracts';
import type { Db } from '@exchange/kernel/db';
import { parseAmount, toAmountString } from '@exchange/kernel/ledger';
import { findCurrency } from './currencies';
import { checkWithdrawalAmount, withdrawalQuote } from './withdraw';

/** The fee of a withdrawal and what arrives, once the amount is within the currency's limits. */
export async function quoteWithdrawal(
  prisma: Db,
  currencyName: string,
  number: string,
): Promise<WithdrawalQuote> {
  const currency = await findCurrency(prisma, currencyName);
  const amount = parseAmount(number, currency.decimal_scale);
  checkWithdrawalAmount(currency, amount);
  const { rate, real_number } = withdrawalQuote(currency, amount);
  return { rate: toAmountString(rate), real_number: toAmountString(real_number) };
}
