import { describe, expect, it } from 'vitest';
import {
  decimalsOf,
  direction,
  formatChange,
  formatCny,
  fixedForInput,
  formatFixed,
  roundDown,
} from './format';

describe('number formatting', () => {
  it('fixes decimals without float error', () => {
    expect(formatFixed('0.1', 4)).toBe('0.1000');
    expect(formatFixed('96986.02', 4)).toBe('96,986.0200');
    expect(formatFixed('1.00005', 4)).toBe('1.0001');
    expect(formatFixed('0.30000000000000004', 2)).toBe('0.30');
    expect(formatFixed(undefined, 4)).toBe('--');
    expect(formatFixed('abc', 4)).toBe('--');
  });

  it('groups thousands on screen, never in a field', () => {
    expect(formatFixed('1234567.891', 2)).toBe('1,234,567.89');
    expect(formatFixed('-9876543', 0)).toBe('-9,876,543');
    expect(formatFixed('999.995', 2)).toBe('1,000.00');
    expect(fixedForInput('1234567.891', 2)).toBe('1234567.89');
    expect(fixedForInput('100000', 0)).toBe('100000');
    expect(fixedForInput('', 2)).toBe('--');
  });

  it('signs the change percent', () => {
    expect(formatChange('+3.004')).toBe('+3.00%');
    expect(formatChange('-0.26')).toBe('-0.26%');
    expect(formatChange('0')).toBe('0.00%');
    expect(direction('-0.26')).toBe(-1);
    expect(direction('+0.00')).toBe(0);
    expect(direction('1')).toBe(1);
  });

  it('converts to CNY at 2 decimals', () => {
    expect(formatCny('96986.02', '7.2')).toBe('698,299.34');
    expect(formatCny('', '7.2')).toBe('--');
  });

  it('rounds amounts a user may spend down', () => {
    expect(roundDown('1.23456789', 4)).toBe('1.2345');
    expect(roundDown('0.99999', 2)).toBe('0.99');
    expect(decimalsOf('0.0100')).toBe(4);
    expect(decimalsOf('12')).toBe(0);
  });
});
