import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import {
  MAX_AMOUNT,
  Money,
  parseAmount,
  parseOptionDecimal,
  roundPaid,
  roundReceived,
  toAmountString,
  toFixedString,
} from './money';

const refusal = (raw: unknown, maxDecimals = 8) => {
  try {
    parseAmount(raw, maxDecimals);
  } catch (error) {
    if (error instanceof AppError) return { key: error.key, params: error.params };
    throw error;
  }
  return 'accepted';
};

describe('Money', () => {
  it('keeps every digit of NUMERIC(36,18) through arithmetic', () => {
    // Decimal's default precision (20 significant digits) would round both of these.
    const largest = new Money('99999999999999999.999999999999999999');
    expect(largest.plus('0.000000000000000001').toFixed()).toBe('100000000000000000');
    expect(largest.minus('0.000000000000000001').toFixed()).toBe('99999999999999999.999999999999999998');
    expect(new Money('12345678901234567.123456789012345678').times(2).toFixed()).toBe(
      '24691357802469134.246913578024691356',
    );
  });

  it('rounds towards zero when an inexact result has to be cut', () => {
    const third = new Money(2).div(3);
    expect(third.precision()).toBe(64);
    expect(third.toFixed().endsWith('6666')).toBe(true);
    expect(new Money(-2).div(3).toFixed().endsWith('6666')).toBe(true);
  });

  it('writes amounts down to 1e-40 and up to 1e40 as plain digits, never in exponent form', () => {
    expect(new Money('1e-39').toString()).toBe(`0.${'0'.repeat(38)}1`);
    expect(new Money('1e39').toString()).toBe(`1${'0'.repeat(39)}`);
    expect(new Money('1e-40').toString()).toBe('1e-40');
    expect(new Money('1e40').toString()).toBe('1e+40');
  });
});

describe('parseAmount', () => {
  it('reads plain positive decimals, typed as text or as a number', () => {
    expect(parseAmount('12.5', 8).toFixed()).toBe('12.5');
    expect(parseAmount('  7 ', 0).toFixed()).toBe('7');
    expect(parseAmount(0.25, 2).toFixed()).toBe('0.25');
    expect(parseAmount('0.00000001', 8).toFixed()).toBe('0.00000001');
  });

  it('refuses a missing amount', () => {
    for (const raw of [undefined, null, '', '   ', {}, ['1'], true])
      expect(refusal(raw)).toEqual({ key: 'amount_required', params: {} });
  });

  it('refuses negative and zero amounts as not positive', () => {
    for (const raw of ['-1', '-0.5', ' -3 ', -2, '0', '0.000', 0])
      expect(refusal(raw)).toEqual({ key: 'amount_not_positive', params: {} });
  });

  it('refuses anything but plain digits with an optional fraction', () => {
    for (const raw of [
      'abc',
      '1e5',
      '-1e5',
      '-abc',
      '--1',
      '1.',
      '.5',
      '1,5',
      '+1',
      '1 000',
      'x1',
      '1x',
      1e21,
    ])
      expect(refusal(raw)).toEqual({ key: 'amount_invalid', params: {} });
  });

  it('takes exactly as many decimals as the currency has, and refuses one more', () => {
    expect(refusal('1.12345678', 8)).toBe('accepted');
    expect(refusal('1.123456789', 8)).toEqual({ key: 'amount_too_precise', params: { decimals: 8 } });
    expect(refusal('3', 0)).toBe('accepted');
    expect(refusal('3.5', 0)).toEqual({ key: 'amount_too_precise', params: { decimals: 0 } });
    // Trailing zeros are no extra precision.
    expect(refusal('3.50000', 1)).toBe('accepted');
  });

  it('refuses amounts that do not fit NUMERIC(36,18) before the point', () => {
    expect(MAX_AMOUNT.toFixed()).toBe('100000000000000000');
    expect(refusal('99999999999999999.99', 2)).toBe('accepted');
    expect(refusal('100000000000000000', 2)).toEqual({ key: 'amount_too_large', params: {} });
    expect(refusal('100000000000000000.01', 2)).toEqual({ key: 'amount_too_large', params: {} });
  });
});

describe('parseOptionDecimal', () => {
  it('reads plain non-negative numbers, zero included', () => {
    expect(parseOptionDecimal('0', 'fee').toFixed()).toBe('0');
    expect(parseOptionDecimal('0.125', 'fee').toFixed()).toBe('0.125');
  });

  it('refuses anything else, naming the option', () => {
    for (const raw of ['-1', '', '1e3', 'abc', ' 1'])
      expect(() => parseOptionDecimal(raw, 'fee')).toThrow('fee must be a plain non-negative number');
  });
});

describe('rounding at a currency precision', () => {
  it('rounds what a user receives down and what a user pays up', () => {
    expect(roundReceived(new Money('1.239'), 2).toFixed()).toBe('1.23');
    expect(roundPaid(new Money('1.231'), 2).toFixed()).toBe('1.24');
  });

  it('leaves an amount already at the precision as it is', () => {
    expect(roundReceived(new Money('1.23'), 2).toFixed()).toBe('1.23');
    expect(roundPaid(new Money('1.23'), 2).toFixed()).toBe('1.23');
  });
});

describe('amount strings', () => {
  it('shows a stored amount without trailing zeros or exponent', () => {
    expect(toAmountString('1.500000000000000000')).toBe('1.5');
    expect(toAmountString('0.000000000000000001')).toBe('0.000000000000000001');
    expect(toAmountString('100000000000000000')).toBe('100000000000000000');
  });

  it('shows a display column with fixed places, cut rather than rounded up', () => {
    expect(toFixedString('1.239', 2)).toBe('1.23');
    expect(toFixedString('-1.239', 2)).toBe('-1.23');
    expect(toFixedString('1', 2)).toBe('1.00');
  });
});
