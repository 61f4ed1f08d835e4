import type pg from 'pg';
import { JC_EXCHANGE_STATUS } from '@exchange/contracts/constants';
import { inTransaction, poolSql, type Sql } from '@exchange/kernel/db';
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
import { POINTS_DECIMALS } from './points-decimals';
import type { PointsPartner } from './partner';

/**
 * The points exchange (contract notes section 10): points become the partner token at `jc_price` (the USD
 * value of one point) against the token's market price plus `jc_price_difference` (a USD spread), after a
 * fee of `jc_exchange_fee` (a fraction of the points, taken from them). The points are taken from the user's
 * account at the partner; the token comes out of the house partner pool through the ledger, so the audit
 * balances.
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

/** The reference the partner knows an exchange by. */
const partnerReference = (exchangeId: string) => `jc-exchange-${exchangeId}`;

interface PendingExchange {
  id: string;
  user_id: number;
  currency_id: number;
  partner_account: string;
  integral: string;
  exchange_num: string;
}

/**
 * Exchanges `points` of a bound user. First, in one transaction, the exchange is written pending with the
 * tokens it will pay set aside in the partner pool (what pending exchanges will pay counts as spent, under
 * the pool's lock, so the pool never promises more than it holds). Then the partner is asked to take the
 * points under the exchange's reference, and the answer settles the exchange (see settleExchange).
 */
export async function exchangePoints(
  pool: pg.Pool,
  partner: PointsPartner,
  exchange: { userId: number; partnerAccount: string; points: MoneyValue },
  terms: JcTerms,
): Promise<ExchangeResult> {
  if (terms.marketPrice.plus(terms.priceDifference).lte(0)) throw new AppError('jc_no_market_price');
  if (terms.pointPrice.lte(0)) throw new AppError('jc_no_market_price');
  const { points } = exchange;
  const quote = quoteExchange(points, terms);
  if (quote.tokens.lte(0)) throw new AppError('jc_too_small', { currency: terms.currency.name });
  const pending = await inTransaction(pool, async (sql) => {
    const reserve = await lockHouseBalance(sql, PARTNER_POOL, terms.currency.id);
    const [promised] = await sql.query<{ tokens: string }>(
      `SELECT COALESCE(SUM(exchange_num), 0)::text AS tokens FROM jc_exchanges
       WHERE status = $1 AND currency_id = $2`,
      [JC_EXCHANGE_STATUS.pending, terms.currency.id],
    );
    if (reserve.minus(promised?.tokens ?? '0').lt(quote.tokens)) throw new AppError('jc_pool_short');
    const [row] = await sql.query<{ id: string }>(
      `INSERT INTO jc_exchanges (user_id, currency_id, integral, fee, fee_ratio, integral_price, market_price,
         fact_market_price, exchange_num, partner_account, status)
       VALUES ($1, $2, $3::numeric, $4::numeric, $5::numeric, $6::numeric, $7::numeric, $8::numeric,
         $9::numeric, $10, $11)
       RETURNING id::text`,
      [
        exchange.userId,
        terms.currency.id,
        points.toFixed(),
        quote.fee.toFixed(),
        terms.feeRatio.toFixed(),
        terms.pointPrice.toFixed(),
        terms.marketPrice.toFixed(),
        quote.factMarketPrice.toFixed(),
        quote.tokens.toFixed(),
        exchange.partnerAccount,
        JC_EXCHANGE_STATUS.pending,
      ],
    );
    if (!row) throw new Error('the exchange row was not written');
    return row;
  });
  const outcome = await settleExchange(pool, partner, {
    id: pending.id,
    user_id: exchange.userId,
    currency_id: terms.currency.id,
    partner_account: exchange.partnerAccount,
    integral: points.toFixed(),
    exchange_num: quote.tokens.toFixed(),
  });
  if (outcome === 'insufficient') throw new AppError('jc_points_insufficient');
  return { id: pending.id, points, tokens: quote.tokens, currency: terms.currency.name };
}

/**
 * Asks the partner to take an exchange's points and settles the exchange on its answer, once: taken, the
 * tokens go from the partner pool to the user's spot account; refused, the exchange fails and nothing
 * moves. Without an answer the exchange stays pending (jc_partner_unsure) and is asked again under the same
 * reference by the user's next points call, so the points are never taken twice nor the tokens paid twice.
 */
async function settleExchange(
  pool: pg.Pool,
  partner: PointsPartner,
  exchange: PendingExchange,
): Promise<'debited' | 'insufficient'> {
  let outcome: 'debited' | 'insufficient';
  try {
    outcome = await partner.debit(
      exchange.partner_account,
      new Money(exchange.integral),
      partnerReference(exchange.id),
    );
  } catch (error) {
    if (error instanceof AppError && error.key === 'jc_partner_down') throw new AppError('jc_partner_unsure');
    throw error;
  }
  await inTransaction(pool, async (sql) => {
    const moved = await sql.execute('UPDATE jc_exchanges SET status = $2 WHERE id = $1 AND status = $3', [
      exchange.id,
      outcome === 'debited' ? JC_EXCHANGE_STATUS.done : JC_EXCHANGE_STATUS.failed,
      JC_EXCHANGE_STATUS.pending,
    ]);
    // Another request settled it first.
    if (moved !== 1 || outcome !== 'debited') return;
    const tokens = new Money(exchange.exchange_num);
    const ref = { type: 'jc_exchange', id: exchange.id };
    await credit(sql, {
      userId: exchange.user_id,
      currencyId: exchange.currency_id,
      account: 'change',
      amount: tokens,
      type: LOG_TYPES.JC_EXCHANGE,
      ref,
    });
    await bookHouse(sql, {
      currencyId: exchange.currency_id,
      account: PARTNER_POOL,
      amount: tokens.neg(),
      type: LOG_TYPES.JC_EXCHANGE,
      ref,
    });
  });
  return outcome;
}

/**
 * Settles the user's exchanges still pending after the partner did not answer (their points call starts
 * with this). The partner still down leaves them pending and answers jc_partner_unsure again.
 */
export async function settlePendingExchanges(
  pool: pg.Pool,
  partner: PointsPartner,
  userId: number,
): Promise<void> {
  const pending = await poolSql(pool).query<PendingExchange>(
    `SELECT id::text, user_id, currency_id, partner_account, integral::text, exchange_num::text
     FROM jc_exchanges WHERE user_id = $1 AND status = $2 ORDER BY id`,
    [userId, JC_EXCHANGE_STATUS.pending],
  );
  for (const exchange of pending) await settleExchange(pool, partner, exchange);
}
