import type { Currency, Db } from '@exchange/kernel/db';

const describe = (currency: Currency) => ({
  id: currency.id,
  name: currency.name,
  full_name: currency.full_name,
});

/** The displayed currencies, and of them the fiat-tradable (`legal`) ones. */
export async function listedCurrencies(prisma: Db) {
  const currencies = await prisma.currency.findMany({ where: { is_display: 1 }, orderBy: { sort: 'asc' } });
  return {
    legal: currencies.filter((currency) => currency.is_legal === 1).map(describe),
    all: currencies.map(describe),
  };
}
