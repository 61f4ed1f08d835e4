import type { Db, Currency } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import type { Account } from '@exchange/kernel/ledger';

/** A currency named by id (as the contract sends it) or by name. */
export async function findCurrency(prisma: Db, raw: string): Promise<Currency> {
  const value = raw.trim();
  // Ids are 32-bit: a longer run of digits names nothing (and must not reach the query as an overflow).
  const currency = /^\d{1,9}$/.test(value)
    ? await prisma.currency.findUnique({ where: { id: Number(value) } })
    : value
      ? await prisma.currency.findUnique({ where: { name: value.toUpperCase() } })
      : null;
  if (!currency) throw new AppError('currency_not_found');
  return currency;
}

/** Whether a currency may be held in an account, by the flags of the spec. */
export function currencyAllows(currency: Currency, account: Account): boolean {
  switch (account) {
    case 'change':
      return currency.is_match === 1;
    case 'legal':
      return currency.is_legal === 1;
    case 'lever':
      return currency.is_lever === 1;
    case 'micro':
      return currency.is_micro === 1;
  }
}
