import type { CurrencyDetail } from '@exchange/contracts';
import type { Db } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import { currencyFields } from './market-currency';

/** One currency with its description. */
export async function currencyDetail(prisma: Db, id: number): Promise<CurrencyDetail> {
  const currency = await prisma.currency.findUnique({ where: { id } });
  if (!currency) throw new AppError('currency_not_found');
  return { ...currencyFields(currency), desc: currency.description };
}
