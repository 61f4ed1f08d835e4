import { describe, expect, it } from 'vitest';
import type { BalanceItem, WalletList } from '@exchange/contracts';
import {
  accountOfPath,
  amountProblem,
  DETAIL_PATH,
  formatAmount,
  formatBalance,
  formatSigned,
  LIST_PATH,
  otherAccount,
  toBalanceRow,
  transferCoins,
  valuation,
  visibleRows,
} from './assets';

const item = (currency: number, name: string, balances: Partial<BalanceItem>, usdt = '1'): BalanceItem => ({
  id: currency,
  currency,
  currency_name: name,
  contract_address: 'TRC20',
  currency_type: 3,
  multi_protocol: 0,
  is_show_memo: 0,
  usdt_price: usdt,
  cny_price: '0',
  is_charge: true,
  is_match: 1,
  is_legal: 0,
  is_lever: 0,
  is_micro: 0,
  ...balances,
});

const group = (balance: BalanceItem[]) => ({ balance, totle: '0', usdt_totle: '0', CNY: '0' });

/** USDT everywhere, BTC in spot and fiat, ETH in spot only, HAP in spot and options. */
const wallets: WalletList = {
  change_wallet: group([
    item(1, 'USDT', { change_balance: '100.5' }),
    item(2, 'BTC', { change_balance: '0.3' }),
    item(3, 'ETH', { change_balance: '2' }),
    item(7, 'HAP', { change_balance: '40' }),
  ]),
  legal_wallet: group([item(1, 'USDT', { legal_balance: '12' }), item(2, 'BTC', { legal_balance: '0.1' })]),
  lever_wallet: group([item(1, 'USDT', { lever_balance: '7', lock_lever_balance: '3' })]),
  micro_wallet: group([item(1, 'USDT', { micro_balance: '0' }), item(7, 'HAP', { micro_balance: '5' })]),
  total_assets: '0',
  ExRate: '7.2',
  is_open_CTbi: 1,
};

describe('the coin chooser of a transfer', () => {
  it('lists only coins present in both accounts, with the source account available balance', () => {
    expect(transferCoins(wallets, 'change', 'legal')).toEqual([
      { currency: 1, name: 'USDT', available: '100.5' },
      { currency: 2, name: 'BTC', available: '0.3' },
    ]);
    expect(transferCoins(wallets, 'legal', 'change')).toEqual([
      { currency: 1, name: 'USDT', available: '12' },
      { currency: 2, name: 'BTC', available: '0.1' },
    ]);
    expect(transferCoins(wallets, 'micro', 'change').map((coin) => [coin.name, coin.available])).toEqual([
      ['USDT', '0'],
      ['HAP', '5'],
    ]);
    expect(transferCoins(wallets, 'lever', 'micro')).toEqual([{ currency: 1, name: 'USDT', available: '7' }]);
    // ETH is held only in spot: no pair offers it.
    for (const to of ['legal', 'lever', 'micro'] as const)
      expect(transferCoins(wallets, 'change', to).some((coin) => coin.name === 'ETH')).toBe(false);
  });

  it('pairs the fixed pages with spot and keeps the general page on two different accounts', () => {
    expect(otherAccount('change', ['change', 'lever'])).toBe('lever');
    expect(otherAccount('lever', ['change', 'lever'])).toBe('change');
    expect(otherAccount('change', null)).not.toBe('change');
    expect(otherAccount('micro', null)).toBe('change');
  });

  it('names every bad amount before anything is sent', () => {
    expect(amountProblem('', '10')).toBe('amountRequired');
    expect(amountProblem('  ', '10')).toBe('amountRequired');
    expect(amountProblem('0', '10')).toBe('amountInvalid');
    expect(amountProblem('0.000', '10')).toBe('amountInvalid');
    expect(amountProblem('.', '10')).toBe('amountInvalid');
    expect(amountProblem('-1', '10')).toBe('amountInvalid');
    expect(amountProblem('10.00000001', '10')).toBe('tooMuch');
    expect(amountProblem('10', '10')).toBeNull();
    expect(amountProblem('5', '10', '10')).toBe('belowMin');
    // Decimal, not float: 0.1 + 0.2 is exactly 0.3 here.
    expect(amountProblem('0.3', '0.30000000')).toBeNull();
  });
});

describe('account rows and totals', () => {
  it('reads each account from its own columns and values it in USDT with decimals', () => {
    const lever = toBalanceRow(wallets.lever_wallet.balance[0] as BalanceItem, 'lever');
    expect([lever.available.toFixed(), lever.frozen.toFixed(), lever.total.toFixed()]).toEqual([
      '7',
      '3',
      '10',
    ]);
    const btc = toBalanceRow(
      item(2, 'BTC', { change_balance: '0.1', lock_change_balance: '0.2' }, '97000.1'),
      'change',
    );
    expect(btc.valueUsdt.toFixed()).toBe('29100.03');
    const empty = toBalanceRow(item(3, 'ETH', {}), 'micro');
    expect(empty.total.toFixed()).toBe('0');
  });

  it('hides empty balances and filters by coin name on request', () => {
    const rows = wallets.change_wallet.balance.map((row) => toBalanceRow(row, 'change'));
    const zeroEth = [...rows, toBalanceRow(item(9, 'BNB', {}), 'change')];
    expect(visibleRows(zeroEth, { hideZero: true, search: '' }).map((row) => row.name)).not.toContain('BNB');
    expect(visibleRows(zeroEth, { hideZero: false, search: 'h' }).map((row) => row.name)).toEqual([
      'ETH',
      'HAP',
    ]);
  });

  it('values a total in USDT to 4 decimals and CNY to 2', () => {
    expect(valuation('1234.56789', '7.2')).toEqual({ usdt: '1,234.5679', cny: '8,888.89' });
    expect(valuation('0', undefined)).toEqual({ usdt: '0.0000', cny: '0.00' });
  });
});

describe('precision of the documents', () => {
  it('shows balances at 8 decimals, cut rather than rounded up', () => {
    expect(formatBalance('100000')).toBe('100,000.00000000');
    expect(formatBalance('0.123456789')).toBe('0.12345678');
    expect(formatBalance('0.999999999')).toBe('0.99999999');
    expect(formatBalance(null)).toBe('--');
  });

  it('writes amounts without trailing zeros, cut at 8 decimals, and signed for changes', () => {
    expect(formatAmount('100000')).toBe('100,000');
    expect(formatAmount('0.123456789')).toBe('0.12345678');
    expect(formatAmount('12.50000000')).toBe('12.5');
    expect(formatAmount('1.23456', 4)).toBe('1.2345');
    expect(formatAmount('')).toBe('--');
    expect(formatSigned('30')).toBe('+30');
    expect(formatSigned('-0.5')).toBe('-0.5');
    expect(formatSigned('0')).toBe('0');
  });
});

describe('routes of the container', () => {
  it('maps list and detail routes to their accounts', () => {
    expect(accountOfPath('/finance', LIST_PATH)).toBe('lever');
    expect(accountOfPath('/micro', LIST_PATH)).toBe('micro');
    expect(accountOfPath('/legalAccount', DETAIL_PATH)).toBe('lever');
    expect(accountOfPath('/dealAccount', DETAIL_PATH)).toBe('legal');
    expect(accountOfPath('/microAccount', DETAIL_PATH)).toBe('micro');
    expect(accountOfPath('/nowhere', LIST_PATH)).toBeNull();
  });
});
