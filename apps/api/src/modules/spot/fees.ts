import type { CurrencyMatch } from '@exchange/kernel/db';
import { divideRoundingPaid, parseScaled, SCALED_ONE, type Scaled } from '@exchange/kernel/ledger';
import type { Pair } from './pairs';

/** One fill as the fee rule sees it: base amount, quote amount (scaled, see ledger/scaled.ts), and which side took liquidity. */
export interface Fill {
  amount: Scaled;
  quote: Scaled;
  buyerIsTaker: boolean;
}

export interface TradeFees {
  /** Paid by the buyer in base, out of the amount it receives. */
  buyerFee: Scaled;
  /** Paid by the seller in quote, out of the quote it receives. */
  sellerFee: Scaled;
}

/** A pair's fee rates, scaled; read once per pair object (a changed pair is a new object). */
const ratesOfPair = new WeakMap<CurrencyMatch, { maker: Scaled; taker: Scaled }>();
function feeRates(pair: CurrencyMatch) {
  let rates = ratesOfPair.get(pair);
  if (!rates) {
    rates = { maker: parseScaled(pair.maker_fee.toFixed()), taker: parseScaled(pair.taker_fee.toFixed()) };
    ratesOfPair.set(pair, rates);
  }
  return rates;
}

/**
 * `rate` of `received`, rounded up at `decimals` places, and never more than `received`. The product of two
 * scaled amounts is in 10^-36, so it is exact until the one rounding.
 */
function feeOn(received: Scaled, rate: Scaled, decimals: number): Scaled {
  const fee = divideRoundingPaid(received * rate, SCALED_ONE, decimals);
  return fee < received ? fee : received;
}

/**
 * The trade-fee rule of spot: each side pays its rate on what it receives (the buyer in base, the seller in
 * quote), rounded up at that currency's precision (amounts a user pays round up), and never more than what
 * it receives. The fees go to the house's `fees` account.
 */
export function tradeFees(pair: Pair, fill: Fill): TradeFees {
  const rates = feeRates(pair);
  return {
    buyerFee: feeOn(fill.amount, fill.buyerIsTaker ? rates.taker : rates.maker, pair.currency.decimal_scale),
    sellerFee: feeOn(fill.quote, fill.buyerIsTaker ? rates.maker : rates.taker, pair.legal.decimal_scale),
  };
}
