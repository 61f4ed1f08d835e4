import type { Sql } from '@exchange/kernel/db';
import { Money, type Money as MoneyValue } from '@exchange/kernel/ledger';

/** The currency balances, totals and fiat rates are valued in. */
export const VALUATION_CURRENCY = 'USDT';

/**
 * The last trade price of each currency's USDT market, by currency id (of the named currencies only, when
 * some are named): the price the market list shows as `now_price`. A currency whose USDT market has not
 * traded yet is absent.
 */
export async function lastUsdtPrices(sql: Sql, currencyIds?: number[]): Promise<Map<number, MoneyValue>> {
  const rows = await sql.query<{ currency_id: number; price: string }>(
    `SELECT m.currency_id, t.price::text AS price FROM currency_matches m
     JOIN currencies q ON q.id = m.legal_id AND q.name = $1
     CROSS JOIN LATERAL (SELECT s.price FROM spot_trades s WHERE s.match_id = m.id
       ORDER BY s.created_at DESC, s.id DESC LIMIT 1) t
     WHERE $2::int[] IS NULL OR m.currency_id = ANY($2::int[])`,
    [VALUATION_CURRENCY, currencyIds ?? null],
  );
  return new Map(rows.map((row) => [row.currency_id, new Money(row.price)]));
}

/** A currency as far as its valuation goes: its reference price is a decimal column or its text. */
export interface ValuedCurrency {
  id: number;
  name: string;
  price: { toFixed(): string } | string;
}

/** The USDT value of one unit of a currency. */
export type UsdtPriceOf = (currency: ValuedCurrency) => MoneyValue;

/**
 * How every balance is valued: at the live last price of its USDT market, as the market list shows it. USDT
 * is 1; a currency no USDT market has priced yet keeps the reference price operators set on it.
 */
export async function usdtValuation(sql: Sql): Promise<UsdtPriceOf> {
  const live = await lastUsdtPrices(sql);
  return (currency) =>
    currency.name === VALUATION_CURRENCY
      ? new Money(1)
      : (live.get(currency.id) ??
        new Money(typeof currency.price === 'string' ? currency.price : currency.price.toFixed()));
}
