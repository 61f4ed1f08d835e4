import { Money, roundPaid, roundReceived, type Money as MoneyValue } from '@exchange/kernel/ledger';

/**
 * The lever arithmetic, pure and exact (decimal.js): opening terms, profit, risk rate, what a close pays and
 * what an overnight fee takes. Contract notes section 5 and spec document 3 section 9 give the formulas;
 * amounts a user receives round down and amounts a user pays round up, at the quote currency's precision.
 */

export const LEVER_TYPE = { long: 1, short: 2 } as const;
export type LeverType = (typeof LEVER_TYPE)[keyof typeof LEVER_TYPE];

export const LEVER_STATUS = { pending: 0, trading: 1, closing: 2, closed: 3, cancelled: 4 } as const;
export type LeverStatus = (typeof LEVER_STATUS)[keyof typeof LEVER_STATUS];

const HUNDRED = new Money(100);

export interface OpeningInput {
  type: LeverType;
  /** The entrust price (limit) or the mark (market). */
  originPrice: MoneyValue;
  share: number;
  shareNum: MoneyValue;
  multiple: number;
  /** Percent of the price added for a long, taken off for a short. */
  spreadPercent: MoneyValue;
  /** Percent of the contract value. */
  feePercent: MoneyValue;
  priceDecimals: number;
  moneyDecimals: number;
}

export interface OpeningTerms {
  price: MoneyValue;
  number: MoneyValue;
  margin: MoneyValue;
  fee: MoneyValue;
}

/**
 * What opening costs: the open price is the origin price moved against the trader by the spread (at the
 * pair's price precision), the contract value is price x hands x lot size, the margin is that divided by the
 * multiple, the fee a percent of it; both paid, so rounded up.
 */
export function openingTerms(input: OpeningInput): OpeningTerms {
  const spread = input.originPrice.times(input.spreadPercent).div(HUNDRED);
  const price =
    input.type === LEVER_TYPE.long
      ? roundPaid(input.originPrice.plus(spread), input.priceDecimals)
      : roundReceived(input.originPrice.minus(spread), input.priceDecimals);
  const number = input.shareNum.times(input.share);
  const value = price.times(number);
  return {
    price,
    number,
    margin: roundPaid(value.div(input.multiple), input.moneyDecimals),
    fee: roundPaid(value.times(input.feePercent).div(HUNDRED), input.moneyDecimals),
  };
}

/** Unrealised profit (negative for a loss) of a position at a mark; number is already the full notional. */
export function profitAt(
  position: { type: number; price: MoneyValue; number: MoneyValue },
  mark: MoneyValue,
): MoneyValue {
  const move = position.type === LEVER_TYPE.long ? mark.minus(position.price) : position.price.minus(mark);
  return move.times(position.number);
}

/** A profit as booked: a gain the user receives rounds down, a loss the user pays rounds up (more negative). */
export function bookedProfit(profit: MoneyValue, moneyDecimals: number): MoneyValue {
  return profit.gte(0) ? roundReceived(profit, moneyDecimals) : roundPaid(profit.neg(), moneyDecimals).neg();
}

/**
 * The risk rate (hazard_rate) of a user's positions in one quote currency, in percent with 2 decimals:
 * (available lever balance + margins still held + profits) / margins as opened x 100; 0 without positions.
 * The notes' formula adds the margins as opened; we add what the positions still hold (the same until an
 * overnight fee was taken from a margin), so fees already paid never count as the user's money.
 */
export function hazardRate(
  balance: MoneyValue,
  positions: { caution: MoneyValue; originCaution: MoneyValue; profit: MoneyValue }[],
): MoneyValue {
  const origin = positions.reduce((sum, position) => sum.plus(position.originCaution), new Money(0));
  if (origin.lte(0)) return new Money(0);
  const equity = positions.reduce(
    (sum, position) => sum.plus(position.caution).plus(position.profit),
    balance,
  );
  return equity.div(origin).times(HUNDRED).toDecimalPlaces(2, Money.ROUND_DOWN);
}

/**
 * Whether the risk rate of an account with positions calls for liquidation: at or below the burst rate (the
 * rate of an account without positions is 0 and means nothing; such an account is never asked).
 */
export const isBurst = (rate: MoneyValue, burstRate: MoneyValue) => rate.lte(burstRate);

export interface CloseSettlement {
  /** Released from the locked lever balance (the margin the position still held). */
  released: MoneyValue;
  /** Signed change of the available lever balance. */
  available: MoneyValue;
  /** What the house's lever pool gains (negative: pays). */
  pool: MoneyValue;
  /** The loss the user could not pay: asked of the insurance fund. */
  shortfall: MoneyValue;
  /** What the insurance fund pays: the shortfall, or a profit the lever pool could not pay in full. */
  fund: MoneyValue;
  /** A profit neither the lever pool nor the insurance fund could pay (a cut, recorded with the position). */
  unpaid: MoneyValue;
}

/** What the lever pool and the insurance fund hold in the quote currency, as settlement goes along. */
export interface HouseReserve {
  pool: MoneyValue;
  fund: MoneyValue;
}

/**
 * What closing pays: margin plus profit back to the available balance; a loss beyond the margin is taken from
 * the available lever balance (the same money the risk rate counts as the user's), and what even that cannot
 * cover is not charged: the insurance fund pays it to the lever pool, as far as it holds. A profit is paid
 * by the lever pool, then the insurance fund, and never beyond what they hold (the exposure caps keep that
 * from happening; if it ever did, the winner's profit is cut and the cut recorded). No balance and no house
 * account ever goes below zero. `reserve` is updated for the next settlement of the batch.
 */
export function settleClose(
  margin: MoneyValue,
  profit: MoneyValue,
  available: MoneyValue,
  reserve: HouseReserve,
): CloseSettlement {
  const zero = new Money(0);
  const due = margin.plus(profit);
  let outcome: CloseSettlement;
  if (profit.gt(0)) {
    const fromPool = Money.min(profit, Money.max(reserve.pool, zero));
    const fromFund = Money.min(profit.minus(fromPool), Money.max(reserve.fund, zero));
    const paid = fromPool.plus(fromFund);
    outcome = {
      released: margin,
      available: margin.plus(paid),
      pool: fromPool.neg(),
      shortfall: zero,
      fund: fromFund.neg(),
      unpaid: profit.minus(paid),
    };
  } else if (
    // Stryker disable next-line ConditionalExpression: `false` is equivalent: the last branch settles a loss the margin covers the same way (it takes due.neg() <= 0 from an available balance that is never negative, and nothing is short); `true` is caught (a loss beyond the margin would leave a negative `available`)
    due.gte(0)
  ) {
    outcome = {
      released: margin,
      available: due,
      pool: profit.neg(),
      shortfall: zero,
      fund: zero,
      unpaid: zero,
    };
  } else {
    const taken = Money.min(available, due.neg());
    const shortfall = due.neg().minus(taken);
    const fromFund = Money.min(shortfall, Money.max(reserve.fund, zero));
    outcome = {
      released: margin,
      available: taken.neg(),
      pool: margin.plus(taken).plus(fromFund),
      shortfall,
      fund: fromFund.neg(),
      unpaid: zero,
    };
  }
  reserve.pool = reserve.pool.plus(outcome.pool);
  reserve.fund = reserve.fund.plus(outcome.fund);
  return outcome;
}

/** The overnight fee of a position for one day: contract value at the open price x overnight percent. */
export function overnightFee(
  position: { price: MoneyValue; number: MoneyValue; overnight: MoneyValue },
  moneyDecimals: number,
): MoneyValue {
  return roundPaid(
    position.price.times(position.number).times(position.overnight).div(HUNDRED),
    moneyDecimals,
  );
}
