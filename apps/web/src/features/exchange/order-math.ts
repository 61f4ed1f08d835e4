import Decimal from 'decimal.js';
import { decimalOrNull, isPositive } from '../../lib/decimal-input';

/**
 * The order form's arithmetic (document 1, sections 5 and 9), in decimal.js only: what is typed, what the
 * percent slider fills in, and the totals shown. A float never holds an amount that is sent.
 */

export type Side = 'buy' | 'sell';
export type OrderMode = 'limit' | 'market';

/** The slider's stops: 0 to 100 in steps of 25. */
export const SLIDER_STEPS = [0, 25, 50, 75, 100] as const;

/** Slider amounts are cut to 4 decimals, or to the pair's amount decimals when it allows fewer. */
export const SLIDER_DECIMALS = 4;

/**
 * A market buy locks its estimated cost plus this reserve (the server's MARKET_BUY_SLIPPAGE_PERCENT, 5 %); what is not
 * spent returns when the order ends. The slider leaves room for it so that 100 % can be placed.
 */
export const MARKET_BUY_RESERVE = new Decimal('1.05');

export interface SliderInput {
  side: Side;
  /** 0-100. */
  percent: number;
  /** Available quote balance for a buy, base balance for a sell. */
  available: string | null | undefined;
  /** The order price (limit) or the estimated price (market); only a buy needs it. */
  price?: string | null;
  /** The pair's amount decimals. */
  amountDecimals: number;
  mode?: OrderMode;
}

/**
 * The amount the slider fills in (section 5). Buy: available quote x percent / price / 100. Sell: available
 * base x percent / 100. Rounded down to 4 decimals (or fewer when the pair allows fewer). Null when the
 * balance is zero or, for a buy, there is no price yet: the field is then left alone.
 */
export function sliderAmount(input: SliderInput): string | null {
  const available = decimalOrNull(input.available);
  if (!available || available.lessThanOrEqualTo(0)) return null;
  const decimals = Math.max(0, Math.min(SLIDER_DECIMALS, input.amountDecimals));
  const share = available.times(input.percent);
  let amount: Decimal;
  if (input.side === 'buy') {
    const price = decimalOrNull(input.price);
    if (!price || price.lessThanOrEqualTo(0)) return null;
    const perUnit = input.mode === 'market' ? price.times(MARKET_BUY_RESERVE) : price;
    amount = share.dividedBy(perUnit).dividedBy(100);
  } else {
    amount = share.dividedBy(100);
  }
  return amount.toDecimalPlaces(decimals, Decimal.ROUND_DOWN).toFixed(decimals);
}

/** Price x amount for the total line; empty when either is missing. */
export function orderTotal(
  price: string | null | undefined,
  amount: string | null | undefined,
  decimals: number,
): string {
  const p = decimalOrNull(price);
  const a = decimalOrNull(amount);
  if (!p || !a) return '';
  return p.times(a).toDecimalPlaces(decimals, Decimal.ROUND_DOWN).toFixed(decimals);
}

export type OrderProblem = 'enterBuyPrice' | 'enterSellPrice' | 'enterQuantity' | 'noMarketPrice';

/** Section 5's checks, in order: the price (fixed-price mode), then the quantity. */
export function validateOrder(input: {
  side: Side;
  mode: OrderMode;
  price: string;
  amount: string;
}): OrderProblem | null {
  if (input.mode === 'limit' && !isPositive(input.price))
    return input.side === 'buy' ? 'enterBuyPrice' : 'enterSellPrice';
  if (input.mode === 'market' && !isPositive(input.price)) return 'noMarketPrice';
  if (!isPositive(input.amount)) return 'enterQuantity';
  return null;
}
