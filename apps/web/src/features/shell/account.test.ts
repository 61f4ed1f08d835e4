import { describe, expect, it } from 'vitest';
import { maskAccount } from './account';

describe('maskAccount', () => {
  it('keeps the start of an e-mail name and its domain', () => {
    expect(maskAccount('alice@demo.exchange')).toBe('al***@demo.exchange');
    expect(maskAccount('ab@x.io')).toBe('a***@x.io');
    expect(maskAccount('a@x.io')).toBe('a***@x.io');
  });

  it('keeps the start and end of a phone number', () => {
    expect(maskAccount('13812345678')).toBe('138****5678');
    expect(maskAccount('123456')).toBe('12***56');
    expect(maskAccount('1234')).toBe('1***');
  });

  it('answers nothing for no account', () => {
    expect(maskAccount(null)).toBe('');
    expect(maskAccount('')).toBe('');
  });
});
