import { Money, STORAGE_DECIMALS } from './money';

/**
 * Money as a bigint count of 10^-18, the storage scale of NUMERIC(36,18): for hot loops (the spot matcher's
 * batches) where decimal.js objects cost most of the CPU. Sums, differences and comparisons are exact and
 * cheap; products and roundings are done by the caller with explicit divisions. Decimal strings only at the
 * edges: `parseScaled` reads what Postgres or a request holds, `formatScaled` writes what they take.
 */
export type Scaled = bigint;

/** One whole unit: 10^18. */
export const SCALED_ONE: Scaled = 10n ** BigInt(STORAGE_DECIMALS);

/**
 * The text that needs no decimal.js to be read: only a shortcut, since the fallback reads any plain decimal to
 * the same value. A pattern that matches less only takes the slow path; one that matches more (an exponent
 * form) fails the exponent tests.
 */
// Stryker disable next-line Regex: a narrower pattern is only slower (see above).
const PLAIN = /^-?\d+(\.\d+)?$/;

/**
 * Reads a decimal string exactly (plain digits, or an exponent form as Prisma's Decimal may print tiny
 * values). More than 18 places cannot be held, so they are refused rather than rounded.
 */
export function parseScaled(text: string): Scaled {
  // A split rather than a regex's capture groups: this runs for every amount the matcher reads. Always taking
  // the decimal.js path (`false`) reads the same value, slower; never taking it (`true`) fails the exponents.
  // Stryker disable next-line ConditionalExpression: only slower (see above).
  const plain = PLAIN.test(text) ? text : new Money(text).toFixed();
  const [whole, fraction = ''] = plain.split('.') as [string, string?];
  if (fraction.length > STORAGE_DECIMALS)
    throw new Error(`${text} has more than ${STORAGE_DECIMALS} decimal places`);
  // The sign, if any, stays in front of the digits: BigInt reads it.
  return BigInt(whole + fraction.padEnd(STORAGE_DECIMALS, '0'));
}

const ZERO_CODE = '0'.charCodeAt(0);

/** A scaled amount as a plain decimal string without trailing zeros (as `Money.toFixed()` prints it). */
export function formatScaled(value: Scaled): string {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(STORAGE_DECIMALS + 1, '0');
  const point = digits.length - STORAGE_DECIMALS;
  let end = digits.length;
  while (end > point && digits.charCodeAt(end - 1) === ZERO_CODE) end -= 1;
  const sign = negative ? '-' : '';
  return end === point
    ? `${sign}${digits.slice(0, point)}`
    : `${sign}${digits.slice(0, point)}.${digits.slice(point, end)}`;
}

/**
 * `numerator / denominator` rounded up: what a user pays rounds up, like `roundPaid`. Its callers divide an
 * amount of money (never negative) by a scale (always positive): anything else is a caller's bug, refused
 * rather than rounded one way or the other.
 */
export function divideRoundingUp(numerator: bigint, denominator: bigint): bigint {
  if (numerator < 0n || denominator <= 0n)
    throw new Error(`cannot round up ${numerator} / ${denominator}: a count of money over a positive scale`);
  return (numerator + denominator - 1n) / denominator;
}

/**
 * `numerator / denominator` as a scaled amount, rounded up at `decimals` places, as `roundPaid` rounds what a
 * user pays. A currency finer than the storage scale rounds at the storage scale: Postgres holds no more.
 */
export function divideRoundingPaid(numerator: bigint, denominator: bigint, decimals: number): Scaled {
  const step = tenToThe(STORAGE_DECIMALS - Math.min(decimals, STORAGE_DECIMALS));
  return divideRoundingUp(numerator, denominator * step) * step;
}

const powersOfTen: bigint[] = [];
/** 10^exponent as a bigint (kept: the matcher asks for the same few on every fill). */
export const tenToThe = (exponent: number): bigint => (powersOfTen[exponent] ??= 10n ** BigInt(exponent));
