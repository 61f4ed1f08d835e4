import Decimal from 'decimal.js';
import { AppError } from '../errors';

/**
 * Money arithmetic: decimal strings on the wire, NUMERIC(36,18) in Postgres, Decimal here. Never a float.
 * Enough precision for 36 significant digits, and no silent rounding: rounding is always explicit below.
 */
export const Money = Decimal.clone({
  precision: 64,
  rounding: Decimal.ROUND_DOWN,
  toExpNeg: -40,
  toExpPos: 40,
});
export type Money = Decimal;

export const ZERO = new Money(0);
/** NUMERIC(36,18) holds at most 18 digits before the point. */
export const MAX_AMOUNT = new Money('1e17');
export const STORAGE_DECIMALS = 18;

const PLAIN_DECIMAL = /^\d+(\.\d+)?$/;

/**
 * Reads an amount a user typed: plain digits with an optional fraction, strictly positive, at most
 * `maxDecimals` places, below the storage limit. Negative, zero, NaN, exponents, blanks and words are refused.
 */
export function parseAmount(raw: unknown, maxDecimals: number): Money {
  const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
  if (text === '') throw new AppError('amount_required');
  if (text.startsWith('-') && PLAIN_DECIMAL.test(text.slice(1))) throw new AppError('amount_not_positive');
  if (!PLAIN_DECIMAL.test(text)) throw new AppError('amount_invalid');
  const amount = new Money(text);
  if (amount.lte(0)) throw new AppError('amount_not_positive');
  if (amount.decimalPlaces() > maxDecimals)
    throw new AppError('amount_too_precise', { decimals: maxDecimals });
  if (amount.gte(MAX_AMOUNT)) throw new AppError('amount_too_large');
  return amount;
}

/**
 * Reads a number an operator set (ops commands, the console's product options): plain digits with an optional
 * fraction, zero allowed. The refusal is a plain error naming the option, worded for the command line.
 */
export function parseOptionDecimal(raw: string, name: string): Money {
  if (!PLAIN_DECIMAL.test(raw)) throw new Error(`${name} must be a plain non-negative number`);
  return new Money(raw);
}

/** What a user receives rounds down; what a user pays rounds up (at the currency's precision). */
export const roundReceived = (amount: Money, decimals: number) =>
  amount.toDecimalPlaces(decimals, Decimal.ROUND_DOWN);
export const roundPaid = (amount: Money, decimals: number) =>
  amount.toDecimalPlaces(decimals, Decimal.ROUND_UP);

/** A stored amount as the contract shows it: a plain decimal string without trailing zeros. */
export const toAmountString = (value: Decimal.Value) => new Money(value).toFixed();

/** A stored amount with a fixed number of places, for display columns. */
export const toFixedString = (value: Decimal.Value, decimals: number) =>
  new Money(value).toFixed(decimals, Decimal.ROUND_DOWN);
