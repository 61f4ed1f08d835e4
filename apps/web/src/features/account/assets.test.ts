import { describe, expect, it } from 'vitest';
import type { ChangeBalance } from './api';
import { formatAmount, formatSigned, toBalanceRow, toMicroRow, visibleRows } from './assets';

const item = (name: string, available: string, frozen: string, usdt: string): ChangeBalance => ({
  id: 1,
  currency: 1,
  currency_name: name,
  contract_address: 'TRC20',
  change_balance: available,
  lock_change_balance: frozen,
  usdt_price: usdt,
  cny_price: '0',
  is_charge: true,
  is_match: 1,
});

describe('assets', () => {
  it('sums available and frozen and values them in USDT with decimals, not floats', () => {
    const row = toBalanceRow(item('BTC', '0.10000000', '0.20000000', '97000.1'));
    expect(row.total.toFixed()).toBe('0.3');
    expect(row.valueUsdt.toFixed()).toBe('29100.03');
  });

  it('reads an options (micro) row from the micro columns', () => {
    const { change_balance: _available, lock_change_balance: _frozen, ...rest } = item('USDT', '9', '9', '1');
    const row = toMicroRow({ ...rest, micro_balance: '12.5', lock_micro_balance: '7.5' });
    expect([row.available.toFixed(), row.frozen.toFixed(), row.total.toFixed()]).toEqual([
      '12.5',
      '7.5',
      '20',
    ]);
    expect(row.valueUsdt.toFixed()).toBe('20');
  });

  it('hides empty balances and filters by coin name on request', () => {
    const rows = [
      item('USDT', '10', '0', '1'),
      item('ETH', '0', '0', '3400'),
      item('BNB', '0', '0.5', '640'),
    ].map(toBalanceRow);
    expect(visibleRows(rows, { hideZero: false, search: '' }).map((row) => row.name)).toEqual([
      'USDT',
      'ETH',
      'BNB',
    ]);
    expect(visibleRows(rows, { hideZero: true, search: '' }).map((row) => row.name)).toEqual(['USDT', 'BNB']);
    expect(visibleRows(rows, { hideZero: false, search: 'e' }).map((row) => row.name)).toEqual(['ETH']);
  });

  it('writes amounts without trailing zeros, cut at 8 decimals, grouped, and signed for changes', () => {
    expect(formatAmount('100000')).toBe('100,000');
    expect(formatAmount('0.123456789')).toBe('0.12345678');
    expect(formatAmount('12.50000000')).toBe('12.5');
    expect(formatAmount('')).toBe('--');
    expect(formatSigned('30')).toBe('+30');
    expect(formatSigned('-0.5')).toBe('-0.5');
    expect(formatSigned('0')).toBe('0');
  });
});
