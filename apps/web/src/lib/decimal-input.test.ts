import { describe, expect, it } from 'vitest';
import { isBlockedKey, isPositive, normalizeDecimal, sanitizeDecimalInput } from './decimal-input';

describe('sanitizeDecimalInput', () => {
  it('keeps digits and one dot, capped decimals', () => {
    expect(sanitizeDecimalInput('12.3456', 2)).toBe('12.34');
    expect(sanitizeDecimalInput('1.2.3', 4)).toBe('1.23');
    expect(sanitizeDecimalInput('1e5', 4)).toBe('15');
    expect(sanitizeDecimalInput('-3', 4)).toBe('3');
    expect(sanitizeDecimalInput('abc', 4)).toBe('');
  });

  it('handles dots, zeros and commas while typing', () => {
    expect(sanitizeDecimalInput('12.', 4)).toBe('12.');
    expect(sanitizeDecimalInput('.5', 4)).toBe('0.5');
    expect(sanitizeDecimalInput('007', 4)).toBe('7');
    expect(sanitizeDecimalInput('0.007', 4)).toBe('0.007');
    expect(sanitizeDecimalInput('1,5', 4)).toBe('1.5');
    expect(sanitizeDecimalInput('12.5', 0)).toBe('12');
  });
});

describe('checks and sending', () => {
  it('blocks e and signs', () => {
    expect(['e', 'E', '+', '-'].every(isBlockedKey)).toBe(true);
    expect(isBlockedKey('5')).toBe(false);
    expect(isBlockedKey('.')).toBe(false);
  });

  it('reads positives', () => {
    expect(isPositive('0.0001')).toBe(true);
    expect(isPositive('0')).toBe(false);
    expect(isPositive('x')).toBe(false);
    expect(isPositive(' ')).toBe(false);
  });

  it('drops trailing zeros', () => {
    expect(normalizeDecimal('0.0100')).toBe('0.01');
    expect(normalizeDecimal('12.')).toBe('12');
    expect(normalizeDecimal('96084.0500')).toBe('96084.05');
  });
});
