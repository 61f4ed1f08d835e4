import { prismaSql, type Currency, type Db } from '@exchange/kernel/db';
import { Money } from '@exchange/kernel/ledger';
import { readSetting } from '../system';
import { usdtValuation } from './valuation';

/** CNY per unit of a quote currency: the USDT rate times the currency's USDT value at its live price. */
export async function cnyPerUnit(prisma: Db, legal: Currency): Promise<Money> {
  const usdtRate = new Money(await readSetting(prisma, 'USDTRate'));
  return usdtRate.times((await usdtValuation(prismaSql(prisma)))(legal));
}

/** A currency as the market calls name it. */
export function currencyFields(currency: Currency) {
  return {
    id: currency.id,
    name: currency.name,
    full_name: currency.full_name,
    sort: currency.sort,
    logo: currency.logo,
    is_display: currency.is_display,
    is_legal: currency.is_legal,
    is_lever: currency.is_lever,
    is_match: currency.is_match,
    is_micro: currency.is_micro,
    decimal_scale: currency.decimal_scale,
  };
}
