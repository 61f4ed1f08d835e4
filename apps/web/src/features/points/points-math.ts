import Decimal from 'decimal.js';
import type { PointsInfo } from './api';

/**
 * The exchange preview, the server's formula (contract notes section 10): the fee is a fraction of the
 * points, rounded up; the rest buys tokens at jc_price over the market price plus the difference, rounded
 * down at the token's precision.
 */
export function estimateExchange(points: string, info: PointsInfo): { fee: string; tokens: string } | null {
  let amount: Decimal;
  try {
    amount = new Decimal(points);
  } catch {
    return null;
  }
  if (!amount.isFinite() || amount.lte(0)) return null;
  const fee = amount.times(info.jc_exchange_fee).toDecimalPlaces(info.points_decimals, Decimal.ROUND_UP);
  const price = new Decimal(info.market_price).plus(info.jc_price_difference);
  if (price.lte(0)) return null;
  const tokens = amount
    .minus(fee)
    .times(info.jc_price)
    .div(price)
    .toDecimalPlaces(info.currency_decimals, Decimal.ROUND_DOWN);
  return { fee: fee.toFixed(), tokens: Decimal.max(tokens, 0).toFixed() };
}

/** Document 3 section 5: empty or at most 0 asks for an amount; above usable is insufficient points. */
export function validateExchange(points: string, usable: string): 'enterAmount' | 'insufficient' | null {
  let amount: Decimal;
  try {
    amount = new Decimal(points || '0');
  } catch {
    return 'enterAmount';
  }
  if (amount.lte(0)) return 'enterAmount';
  if (amount.gt(usable)) return 'insufficient';
  return null;
}
