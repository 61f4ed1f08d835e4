import type { CurrencyMatch } from '@exchange/kernel/db';
import { Money, roundPaid, type Money as MoneyValue } from '@exchange/kernel/ledger';
import type { Pair } from './pairs';

/** One fill as the fee rule sees it: base amount, quote amount, and which side took liquidity. */
export interface Fill {
  amount: MoneyValue;
  quote: MoneyValue;
  buyerIsTaker: boolean;
}

export interface TradeFees {
  /** Paid by the buyer in base, out of the amount it receives. */
  buyerFee: MoneyValue;
  /** Paid by the seller in quote, out of the quote it receives. */
  sellerFee: MoneyValue;
}

/** The fee rate a side of a trade pays: the pair's taker fee when it took liquidity, its maker fee otherwise. */
export const feeRate = (pair: CurrencyMatch, isTaker: boolean) =>
  new Money((isTaker ? pair.taker_fee : pair.maker_fee).toFixed());

/**
 * The trade-fee rule of spot: each side pays its rate on what it receives (the buyer in base, the seller in
 * quote), rounded up at that currency's precision (amounts a user pays round up), and never more than what
 * it receives. The fees go to the house's `fees` account.
 */
export function tradeFees(pair: Pair, fill: Fill): TradeFees {
  const buyerFee = Money.min(
    roundPaid(fill.amount.times(feeRate(pair, fill.buyerIsTaker)), pair.currency.decimal_scale),
    fill.amount,
  );
  const sellerFee = Money.min(
    roundPaid(fill.quote.times(feeRate(pair, !fill.buyerIsTaker)), pair.legal.decimal_scale),
    fill.quote,
  );
  return { buyerFee, sellerFee };
}
