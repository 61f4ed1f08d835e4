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

const PLAIN = /^(-?)(\d+)(?:\.(\d+))?$/;

/**
 * Reads a decimal string exactly (plain digits, or an exponent form as Prisma's Decimal may print tiny
 * values). More than 18 places cannot be held, so they are refused rather than rounded.
 */
export function parseScaled(text: string): Scaled {
  const plain = PLAIN.exec(text) ?? PLAIN.exec(new Money(text).toFixed());
  if (!plain) throw new Error(`not a decimal amount: ${text}`);
  const [, sign, whole = '', fraction = ''] = plain;
  if (fraction.length > STORAGE_DECIMALS)
    throw new Error(`${text} has more than ${STORAGE_DECIMALS} decimal places`);
  const value = BigInt(whole + fraction.padEnd(STORAGE_DECIMALS, '0'));
  return sign === '-' ? -value : value;
}

/** A scaled amount as a plain decimal string without trailing zeros (as `Money.toFixed()` prints it). */
export function formatScaled(value: Scaled): string {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(STORAGE_DECIMALS + 1, '0');
  const whole = digits.slice(0, -STORAGE_DECIMALS);
  const fraction = digits.slice(-STORAGE_DECIMALS).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/**
 * `numerator / denominator` (a positive denominator) rounded away from zero: what a user pays rounds up,
 * like `roundPaid`.
 */
export function divideRoundingUp(numerator: bigint, denominator: bigint): bigint {
  return numerator >= 0n
    ? (numerator + denominator - 1n) / denominator
    : -((-numerator + denominator - 1n) / denominator);
}

const powersOfTen: bigint[] = [];
/** 10^exponent as a bigint (kept: the matcher asks for the same few on every fill). */
export const tenToThe = (exponent: number): bigint => (powersOfTen[exponent] ??= 10n ** BigInt(exponent));
