import { Money, type Money as MoneyValue } from '@exchange/kernel/ledger';

/** The business settings behind referral rebates (`npm run ops -- setting:set team_rebate_rates 20,10,5`). */
export interface RebateSettings {
  team_rebate_generations: string;
  team_rebate_rates: string;
}

/** Percent of the fee per generation, nearest inviter first; its length is the generations paid. */
export type RebateRates = MoneyValue[];

const PERCENT = /^\d{1,3}(\.\d{1,4})?$/;
const MAX_GENERATIONS = 20;

/**
 * Reads the rebate settings strictly: an operator's typo must stop rebates (the job logs why and the fees
 * wait, unpaid, until the setting is fixed) rather than pay something nobody meant. Generations beyond the
 * listed rates pay nothing; the rates together may not give away more than the whole fee.
 */
export function parseRebateRates(settings: RebateSettings): RebateRates {
  // Number() itself ignores the spaces around a number (and reads a blank as 0).
  const generations = Number(settings.team_rebate_generations);
  if (!Number.isInteger(generations) || generations < 0 || generations > MAX_GENERATIONS)
    throw new Error(`team_rebate_generations must be a whole number from 0 to ${MAX_GENERATIONS}`);
  const listed = settings.team_rebate_rates.trim();
  const rates = listed === '' ? [] : listed.split(',').map((rate) => rate.trim());
  for (const rate of rates)
    if (!PERCENT.test(rate)) throw new Error(`team_rebate_rates: '${rate}' is not a percent such as 12.5`);
  const paid = rates.slice(0, generations).map((rate) => new Money(rate));
  const total = paid.reduce((sum, rate) => sum.plus(rate), new Money(0));
  if (total.gt(100))
    throw new Error(`team_rebate_rates give away ${total.toFixed()}% of a fee, more than 100%`);
  return paid;
}

/** What generation `generation` (1 = the inviter) receives of a fee: rounded down, as users receive. */
export function rebateOf(fee: MoneyValue, rate: MoneyValue, decimals: number): MoneyValue {
  return fee.times(rate).div(100).toDecimalPlaces(decimals, Money.ROUND_DOWN);
}
