import Decimal from 'decimal.js';

/**
 * Number display with the decimals of document 1, section 9. Amounts are decimal strings from the server
 * and stay decimal here: a float never holds money.
 */
export const DECIMALS = {
  tile: 4,
  book: 4,
  change: 2,
  cny: 2,
  chartHeader: 6,
  tradePrice: 8,
  order: 4,
} as const;

export const PLACEHOLDER = '--';

export function toDecimal(value: Decimal.Value | null | undefined): Decimal | null {
  if (value === null || value === undefined || value === '') return null;
  try {
    const decimal = new Decimal(value);
    return decimal.isFinite() ? decimal : null;
  } catch {
    return null;
  }
}

/**
 * Every figure on screen (prices, amounts, totals): the area's fixed decimals, rounded half up, with thousands
 * separators; `--` when there is no number. Form fields take `fixedForInput`, which a user can edit.
 */
export function formatFixed(value: Decimal.Value | null | undefined, decimals: number): string {
  const fixed = fixedForInput(value, decimals);
  if (fixed === PLACEHOLDER) return fixed;
  const [whole = '', fraction] = fixed.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

/** Fixed decimals, rounded half up, without separators: a field's value. `--` when there is no number. */
export function fixedForInput(value: Decimal.Value | null | undefined, decimals: number): string {
  const decimal = toDecimal(value);
  return decimal ? decimal.toFixed(decimals, Decimal.ROUND_HALF_UP) : PLACEHOLDER;
}

/** A change percent with its sign: `+1.25%`, `-0.40%`, `0.00%`. */
export function formatChange(value: Decimal.Value | null | undefined): string {
  const decimal = toDecimal(value);
  if (!decimal) return PLACEHOLDER;
  const fixed = decimal.toFixed(DECIMALS.change, Decimal.ROUND_HALF_UP);
  return `${decimal.greaterThan(0) ? '+' : ''}${fixed}%`;
}

/** 1 rising, -1 falling, 0 flat: drives the green and red colouring. */
export function direction(value: Decimal.Value | null | undefined): -1 | 0 | 1 {
  const decimal = toDecimal(value);
  if (!decimal || decimal.isZero()) return 0;
  return decimal.greaterThan(0) ? 1 : -1;
}

/** The CNY value of a price at the pair's rate, to 2 decimals. */
export function formatCny(
  price: Decimal.Value | null | undefined,
  rate: Decimal.Value | null | undefined,
): string {
  const decimal = toDecimal(price);
  const multiplier = toDecimal(rate);
  return decimal && multiplier ? formatFixed(decimal.times(multiplier), DECIMALS.cny) : PLACEHOLDER;
}

/** Rounds toward zero: what a user receives or may spend never exceeds what they have. */
export function roundDown(value: Decimal.Value, decimals: number): string {
  return new Decimal(value).toDecimalPlaces(decimals, Decimal.ROUND_DOWN).toFixed(decimals);
}

/** How many decimals a decimal string carries (`"0.0100"` has 4). */
export function decimalsOf(value: string): number {
  const dot = value.indexOf('.');
  return dot === -1 ? 0 : value.length - dot - 1;
}
