import Decimal from 'decimal.js';
import { toDecimal } from '../../lib/format';

/**
 * The rules of the seconds-contract screen that need no server (document 3, sections 4 and 5): stake input
 * and limits, what a running order shows against the live price, the countdown. All amounts stay decimal.
 */

/** 1 up (rise), 2 down (fall). */
export type Direction = 1 | 2;

/** Stakes are whole units (document 3, section 5); at most 15 digits, the server's storage limit. */
const MAX_STAKE_DIGITS = 15;

/** What the amount field keeps of a keystroke or a paste: digits only, no leading zeros. */
export function sanitizeStakeInput(raw: string): string {
  const digits = raw.replace(/\D/g, '').slice(0, MAX_STAKE_DIGITS);
  return digits.replace(/^0+(?=\d)/, '');
}

/** The binding limits of a stake: the larger of the minimums, the smaller of the maximums (0 = none). */
export function stakeLimits(limits: (string | null | undefined)[][]): {
  min: Decimal | null;
  max: Decimal | null;
} {
  let min: Decimal | null = null;
  let max: Decimal | null = null;
  for (const [low, high] of limits) {
    const lowValue = toDecimal(low);
    const highValue = toDecimal(high);
    if (lowValue?.greaterThan(0) && (!min || lowValue.greaterThan(min))) min = lowValue;
    if (highValue?.greaterThan(0) && (!max || highValue.lessThan(max))) max = highValue;
  }
  return { min, max };
}

export type StakeProblem =
  | { key: 'numberRequired' }
  | { key: 'wholeNumber' }
  | { key: 'belowMin'; value: string }
  | { key: 'aboveMax'; value: string }
  | { key: 'balanceInsufficient' };

/** Why a stake cannot be sent, or null: the server checks the same and more, this only saves a round trip. */
export function validateStake(
  amount: string,
  limits: { min: Decimal | null; max: Decimal | null },
  balance: string | null | undefined,
): StakeProblem | null {
  if (amount.trim() === '') return { key: 'numberRequired' };
  if (!/^\d+$/.test(amount.trim())) return { key: 'wholeNumber' };
  const stake = new Decimal(amount.trim());
  if (stake.isZero()) return { key: 'numberRequired' };
  if (limits.min && stake.lessThan(limits.min)) return { key: 'belowMin', value: limits.min.toFixed() };
  if (limits.max && stake.greaterThan(limits.max)) return { key: 'aboveMax', value: limits.max.toFixed() };
  const available = toDecimal(balance);
  if (available && stake.greaterThan(available)) return { key: 'balanceInsufficient' };
  return null;
}

/** The profit a win pays on top of the stake: stake × ratio / 100. */
export function winProfit(stake: Decimal.Value, profitRatio: Decimal.Value): Decimal {
  return new Decimal(stake).times(profitRatio).dividedBy(100);
}

/** The fee taken with the stake: stake × fee percent / 100. */
export function stakeFee(stake: Decimal.Value, feePercent: Decimal.Value | null | undefined): Decimal {
  const percent = toDecimal(feePercent);
  return percent ? new Decimal(stake).times(percent).dividedBy(100) : new Decimal(0);
}

export type Standing = 'win' | 'lose' | 'tie';

/**
 * Where a running order stands at the live price. Document 3, section 4: an up order loses its stake when the
 * open price is above the live price, otherwise wins stake × ratio / 100; a down order is the mirror image.
 * Equal prices are shown as a tie (the stake comes back), because that is how our server settles them:
 * showing a profit the settlement will not pay would mislead.
 */
export function standingOf(
  type: Direction,
  openPrice: string,
  livePrice: string | null | undefined,
): Standing | null {
  const open = toDecimal(openPrice);
  const live = toDecimal(livePrice);
  if (!open || !live || !live.greaterThan(0)) return null;
  const compared = live.comparedTo(open);
  if (compared === 0) return 'tie';
  const rising = compared > 0;
  return rising === (type === 1) ? 'win' : 'lose';
}

/** The signed amount a running order would make if it settled now: +profit, −stake, or 0. */
export function liveProfit(standing: Standing, stake: string, profitRatio: string): Decimal {
  if (standing === 'win') return winProfit(stake, profitRatio);
  if (standing === 'lose') return new Decimal(stake).negated();
  return new Decimal(0);
}

/** The instant (ms) a running order expires, from the remaining time the list answered and when it arrived. */
export function deadlineOf(
  remainMilliSeconds: number | string | null | undefined,
  receivedAtMs: number,
): number {
  const remain = Number(remainMilliSeconds);
  return receivedAtMs + (Number.isFinite(remain) && remain > 0 ? remain : 0);
}

/** Whole seconds left, rounded up so the count reads 1 until the last instant; never negative. */
export function secondsLeft(deadlineMs: number, nowMs: number): number {
  return Math.max(0, Math.ceil((deadlineMs - nowMs) / 1000));
}

/** A countdown as `m:ss` (`0:07`, `4:59`), or `h:mm:ss` past an hour. */
export function formatCountdown(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = String(whole % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}

/** A duration button's label: `30s`, `2m`, `1m30s`, `1h`. */
export function durationParts(seconds: number): { unit: 's' | 'm' | 'h'; value: number }[] {
  if (seconds < 60) return [{ unit: 's', value: seconds }];
  if (seconds % 3600 === 0) return [{ unit: 'h', value: seconds / 3600 }];
  const parts: { unit: 's' | 'm' | 'h'; value: number }[] = [{ unit: 'm', value: Math.floor(seconds / 60) }];
  if (seconds % 60 !== 0) parts.push({ unit: 's', value: seconds % 60 });
  return parts;
}

/** The pairs open for seconds trading, in the order the quotation groups list them. */
export function microPairs<T extends { open_microtrade: number; is_display?: number }>(
  groups: { quotation: T[] }[] | undefined,
): T[] {
  return (groups ?? []).flatMap((group) =>
    group.quotation.filter((pair) => pair.open_microtrade === 1 && pair.is_display !== 0),
  );
}

const idOf = (value: string | null | undefined) => (value && /^\d+$/.test(value) ? Number(value) : null);

/**
 * The pair the screen shows: the link's `?legalId&currencyId` (the spec's names; `legal_id&currency_id` are
 * accepted too), else the first open pair. A pair not open for seconds trading falls through to the first.
 */
export function chooseMicroPair<T extends { legal_id: number; currency_id: number }>(
  pairs: T[],
  legal: string | null | undefined,
  currency: string | null | undefined,
): T | undefined {
  const legalId = idOf(legal);
  const currencyId = idOf(currency);
  return pairs.find((pair) => pair.legal_id === legalId && pair.currency_id === currencyId) ?? pairs[0];
}

/** A display amount: two decimals (document 3, section 9), cut toward zero so nothing is overstated. */
export function formatStakeAmount(value: Decimal.Value | null | undefined, decimals = 2): string {
  const decimal = toDecimal(value);
  return decimal ? decimal.toDecimalPlaces(decimals, Decimal.ROUND_DOWN).toFixed(decimals) : '--';
}

/** A signed display amount: `+8.50`, `-10.00`, `0.00`. */
export function formatSignedAmount(value: Decimal.Value | null | undefined): string {
  const decimal = toDecimal(value);
  if (!decimal) return '--';
  return `${decimal.greaterThan(0) ? '+' : ''}${formatStakeAmount(decimal)}`;
}

/** Insurance quantities are whole numbers within the type's range (document 3, section 5). */
export function validQuantity(text: string, min: number, max: number): boolean {
  if (!/^\d{1,9}$/.test(text.trim())) return false;
  const quantity = Number(text.trim());
  return quantity >= min && quantity <= max;
}

/** What a purchase insures and costs: quantity × unit amount, and the premium (its share of that). */
export function insuranceQuote(
  unitAmount: string,
  premiumRate: string,
  quantity: string,
): { insured: Decimal; premium: Decimal } | null {
  if (!/^\d{1,9}$/.test(quantity.trim())) return null;
  const unit = toDecimal(unitAmount);
  const rate = toDecimal(premiumRate);
  if (!unit || !rate) return null;
  const insured = unit.times(quantity.trim());
  return { insured, premium: insured.times(rate) };
}

/** A fraction as a percent: `0.05` → `5%`. */
export function formatRate(value: string | null | undefined): string {
  const decimal = toDecimal(value);
  return decimal ? `${decimal.times(100).toDecimalPlaces(4).toFixed()}%` : '--';
}
