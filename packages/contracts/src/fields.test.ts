import { describe, expect, it } from 'vitest';
import {
  blankAsMissing,
  decimalText,
  int4Id,
  int8Id,
  optionalText,
  passwordField,
  requiredText,
} from './fields';

describe('text fields', () => {
  // Found by the route fuzzer: a NUL byte in a query reached Postgres, which refuses it, and answered 500.
  it('refuse control characters, which no field of the contract carries', () => {
    for (const schema of [requiredText('account_required'), optionalText(), passwordField()]) {
      expect(schema.safeParse('abc\u0000def').success).toBe(false);
      expect(schema.safeParse('abc\u001bdef').success).toBe(false);
    }
    expect(optionalText().safeParse('two\nlines\tand a tab').success).toBe(true);
    expect(requiredText('account_required').safeParse('  alice  ').data).toBe('alice');
  });
});

describe('numbers by column kind', () => {
  it('take plain decimal digits within the column, and refuse everything else with the given message', () => {
    const id = int4Id('currency_not_found');
    expect(id.parse(' 7 ')).toBe(7);
    expect(id.parse(2_147_483_647)).toBe(2_147_483_647);
    for (const value of [
      '2147483648',
      '0',
      '-1',
      '0x1f',
      '1e3',
      '1.5',
      'Infinity',
      'abc',
      '',
      ['1'],
      undefined,
    ])
      expect(id.safeParse(value).error?.issues[0]?.message).toBe('currency_not_found');
    expect(int8Id().parse('99999999999')).toBe(99_999_999_999);
    expect(int8Id().safeParse('9223372036854775808').success).toBe(false);
    expect(blankAsMissing(id).parse('')).toBeUndefined();
  });

  it('hold decimals to NUMERIC(36,18) and the scale asked for', () => {
    expect(decimalText(8).parse(' 123456789012345678.12345678 ')).toBe('123456789012345678.12345678');
    for (const value of ['1234567890123456789', '1.123456789', '-1', '1e3', 'NaN', ''])
      expect(decimalText(8).safeParse(value).success).toBe(false);
  });
});
