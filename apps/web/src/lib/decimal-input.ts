import Decimal from 'decimal.js';

/**
 * What a price or amount field accepts and sends (document 1, section 5), shared by every form that takes a
 * decimal: digits and one dot while typing, no exponent or sign, trailing zeros dropped when sent.
 */

export function decimalOrNull(value: string | null | undefined): Decimal | null {
  if (value === null || value === undefined || value.trim() === '') return null;
  try {
    const decimal = new Decimal(value);
    return decimal.isFinite() ? decimal : null;
  } catch {
    return null;
  }
}

/** True for a usable positive number: what "present and above 0" means in section 5. */
export function isPositive(value: string | null | undefined): boolean {
  const decimal = decimalOrNull(value);
  return decimal !== null && decimal.greaterThan(0);
}

/**
 * Cleans what the user typed into a price or amount field: digits and one dot only (so no `e`, sign or
 * exponent), at most `maxDecimals` decimals, no run of leading zeros. Keeps a trailing dot while typing.
 */
export function sanitizeDecimalInput(raw: string, maxDecimals: number): string {
  let text = raw.replace(/,/g, '.').replace(/[^\d.]/g, '');
  const dot = text.indexOf('.');
  if (dot !== -1) text = text.slice(0, dot + 1) + text.slice(dot + 1).replace(/\./g, '');
  if (maxDecimals <= 0) text = text.split('.')[0] ?? '';
  else {
    const [whole = '', fraction] = text.split('.');
    if (fraction !== undefined) text = `${whole}.${fraction.slice(0, maxDecimals)}`;
  }
  text = text.replace(/^0+(?=\d)/, '');
  if (text.startsWith('.')) text = `0${text}`;
  return text;
}

/** Keys a decimal field refuses outright (section 5: number inputs block the letter e). */
export function isBlockedKey(key: string): boolean {
  return key === 'e' || key === 'E' || key === '+' || key === '-';
}

/** A decimal string without trailing zeros, for sending (`"0.0100"` -> `"0.01"`). */
export function normalizeDecimal(value: string): string {
  const decimal = decimalOrNull(value);
  return decimal ? decimal.toFixed() : value;
}
