import Decimal from 'decimal.js';

/** The interest of a whole term, as the server pays it: amount × rate %, rounded down at the coin's precision. */
export function termInterest(amount: string, ratePercent: string, decimals: number): string | null {
  try {
    const value = new Decimal(amount);
    if (!value.isFinite() || value.lte(0)) return null;
    return value.times(ratePercent).div(100).toDecimalPlaces(decimals, Decimal.ROUND_DOWN).toFixed();
  } catch {
    return null;
  }
}

/** Document 3 section 5: an amount is required; the plan's minimum and the balance are checked here too. */
export function validateDeposit(
  amount: string,
  plan: { save_min: string },
  available: string,
): 'enterAmount' | 'belowMin' | 'insufficient' | null {
  let value: Decimal;
  try {
    value = new Decimal(amount || '0');
  } catch {
    return 'enterAmount';
  }
  if (value.lte(0)) return 'enterAmount';
  if (value.lt(plan.save_min)) return 'belowMin';
  if (value.gt(available)) return 'insufficient';
  return null;
}
