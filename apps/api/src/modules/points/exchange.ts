import type pg from 'pg';
import { inTransaction, type Sql } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import {
  bookHouse,
  credit,
  lockHouseBalance,
  LOG_TYPES,
  Money,
  roundPaid,
  roundReceived,
  type Money as MoneyValue,
} from '@exchange/kernel/ledger';
import { lastUsdtPrices } from '../spot';
import { assertBound } from './binding';
import { changePoints, POINTS_DECIMALS } from './balance';

/**
 * The points exchange (contract notes section 10): points become the partner token at `jc_price` (the USD
 * value of one point) against the token's market price plus `jc_price_difference` (a USD spread), after a
 * fee of `jc_exchange_fee` (a fraction of the points, taken from them). The token comes out of the house
 * partner pool through the ledger, so the audit balances; the points leave through the points log.
 */
export const PARTNER_POOL = 'partner_pool' as const;

export interface JcTerms {
  currency: { id: number; name: string; decimals: number };
  /** USD value of one point. */
  pointPrice: MoneyValue;
  /** USD added to the market price. */
  priceDifference: MoneyValue;
  /** Fraction of the points exchanged kept as the fee. */
  feeRatio: MoneyValue;
  /** The token's USD price: its last trade against USDT, or the value operators set for it. */
  marketPrice: MoneyValue;
}

export interface JcQuote {
  fee: MoneyValue;
  factMarketPrice: MoneyValue;
  tokens: MoneyValue;
}

/** What `points` buy: the fee (rounded up, the user pays it) and the tokens (rounded down, received). */
export function quoteExchange(points: MoneyValue, terms: JcTerms): JcQuote {
  const fee = roundPaid(points.times(terms.feeRatio), POINTS_DECIMALS);
  const factMarketPrice = terms.marketPrice.plus(terms.priceDifference);
  const tokens = roundReceived(
    points.minus(fee).times(terms.pointPrice).div(factMarketPrice),
    terms.currency.decimals,
  );
  return { fee, factMarketPrice, tokens };
}

const setting = (value: string | undefined, name: string) => {
  const parsed = new Money(value ?? 'NaN');
  // A misconfigured setting stops the exchange rather than paying at a wrong rate.
  if (!parsed.isFinite() || parsed.isNegative()) throw new Error(`the setting ${name} must be a number >= 0`);
  return parsed;
};

/** The token's USD price from our own book (its last USDT trade), else the price operators set for it. */
async function marketPriceOf(sql: Sql, currencyId: number, listedPrice: string): Promise<MoneyValue> {
  return (await lastUsdtPrices(sql, [currencyId])).get(currencyId) ?? new Money(listedPrice);
}

/** The terms in force now, from the business settings (`ops setting:set jc_price ...`). */
export async function readJcTerms(sql: Sql, settings: Record<string, string>): Promise<JcTerms> {
  const [currency] = await sql.query<{ id: number; name: string; decimal_scale: number; price: string }>(
    'SELECT id, name, decimal_scale, price::text AS price FROM currencies WHERE name = $1',
    [settings.jc_currency ?? ''],
  );
  if (!currency) throw new Error(`the setting jc_currency names no currency: ${settings.jc_currency}`);
  return {
    currency: { id: currency.id, name: currency.name, decimals: currency.decimal_scale },
    pointPrice: setting(settings.jc_price, 'jc_price'),
    priceDifference: setting(settings.jc_price_difference, 'jc_price_difference'),
    feeRatio: setting(settings.jc_exchange_fee, 'jc_exchange_fee'),
    marketPrice: await marketPriceOf(sql, currency.id, currency.price),
  };
}

export interface ExchangeResult {
  id: string;
  points: MoneyValue;
  tokens: MoneyValue;
  currency: string;
}

/**
 * Exchanges `points` of a bound user, in one transaction: the exchange row, the points spent (guarded: two
 * exchanges of the same points, one wins), the tokens credited to the spot account from the partner pool
 * (locked while it is checked, so the pool never goes below zero).
 */
export async function exchangePoints(
  pool: pg.Pool,
  userId: number,
  points: MoneyValue,
  terms: JcTerms,
): Promise<ExchangeResult> {
  if (terms.marketPrice.plus(terms.priceDifference).lte(0)) throw new AppError('jc_no_market_price');
  if (terms.pointPrice.lte(0)) throw new AppError('jc_no_market_price');
  const quote = quoteExchange(points, terms);
  if (quote.tokens.lte(0)) throw new AppError('jc_too_small', { currency: terms.currency.name });
  return inTransaction(pool, async (sql) => {
    await assertBound(sql, userId);
    const [row] = await sql.query<{ id: string }>(
      `INSERT INTO jc_exchanges (user_id, currency_id, integral, fee, fee_ratio, integral_price, market_price,
         fact_market_price, exchange_num)
       VALUES ($1, $2, $3::numeric, $4::numeric, $5::numeric, $6::numeric, $7::numeric, $8::numeric, $9::numeric)
       RETURNING id::text`,
      [
        userId,
        terms.currency.id,
        points.toFixed(),
        quote.fee.toFixed(),
        terms.feeRatio.toFixed(),
        terms.pointPrice.toFixed(),
        terms.marketPrice.toFixed(),
        quote.factMarketPrice.toFixed(),
        quote.tokens.toFixed(),
      ],
    );
    if (!row) throw new Error('the exchange row was not written');
    const ref = { type: 'jc_exchange', id: row.id };
    await changePoints(sql, { userId, delta: points.neg(), reason: 'jc_exchange', ref });
    const reserve = await lockHouseBalance(sql, PARTNER_POOL, terms.currency.id);
    if (reserve.lt(quote.tokens)) throw new AppError('jc_pool_short');
    await credit(sql, {
      userId,
      currencyId: terms.currency.id,
      account: 'change',
      amount: quote.tokens,
      type: LOG_TYPES.JC_EXCHANGE,
      ref,
    });
    await bookHouse(sql, {
      currencyId: terms.currency.id,
      account: PARTNER_POOL,
      amount: quote.tokens.neg(),
      type: LOG_TYPES.JC_EXCHANGE,
      ref,
    });
    return { id: row.id, points, tokens: quote.tokens, currency: terms.currency.name };
  });
}
