import { describe, expect, it } from 'vitest';
import { termInterest, validateDeposit } from './savings-math';

describe('savings preview', () => {
  it('works out the term interest the way the server pays it', () => {
    expect(termInterest('1000', '0.2', 6)).toBe('2');
    expect(termInterest('333.333333', '1', 6)).toBe('3.333333');
    expect(termInterest('', '1', 6)).toBeNull();
  });

  it('asks for an amount, the plan minimum and enough balance', () => {
    const plan = { save_min: '10' };
    expect(validateDeposit('', plan, '100')).toBe('enterAmount');
    expect(validateDeposit('9.99', plan, '100')).toBe('belowMin');
    expect(validateDeposit('100.01', plan, '100')).toBe('insufficient');
    expect(validateDeposit('100', plan, '100')).toBeNull();
  });
});
