import { describe, expect, it } from 'vitest';
import { dealActions, dealCoins, dealProblem, dealState, directionOf } from './rules';

describe('the acceptor deal form', () => {
  const form = { mobile: '13800000000', deal_account: 'alice@bank', money: '700', way: 'bank' };

  it('checks mobile, account, amount, method in the order of document 2, section 5', () => {
    expect(dealProblem({ mobile: '', deal_account: '', money: '', way: '' })).toBe('mobile');
    expect(dealProblem({ ...form, deal_account: '', money: '', way: '' })).toBe('account');
    expect(dealProblem({ ...form, money: '', way: '' })).toBe('amount');
    expect(dealProblem({ ...form, way: '' })).toBe('way');
    expect(dealProblem(form)).toBeNull();
  });

  it('refuses amounts that are not positive CNY with at most 2 decimals', () => {
    for (const bad of ['0', '-5', 'abc', '1.234', '1e3', '9'.repeat(20), ' ']) {
      expect(dealProblem({ ...form, money: bad }), bad).toBe('amount');
    }
    expect(dealProblem({ ...form, money: '0.01' })).toBeNull();
  });

  it('reads current 0 as a deposit and 1 as a withdrawal', () => {
    expect(directionOf('0')).toBe('buy');
    expect(directionOf(null)).toBe('buy');
    expect(directionOf('1')).toBe('sell');
  });

  it('rounds a deposit down and a withdrawal up at the acceptor rate', () => {
    expect(dealCoins('10', '3', 'buy')).toBe('3.33333333');
    expect(dealCoins('10', '3', 'sell')).toBe('3.33333334');
    expect(dealCoins('700', '7', 'buy')).toBe('100.00000000');
    expect(dealCoins('', '7', 'buy')).toBeNull();
    expect(dealCoins('5', '0', 'buy')).toBeNull();
  });
});

describe('the buttons of a deal', () => {
  const deal = (type: 'buy' | 'sell', is_sure: number, transferred = 0) => ({ type, is_sure, transferred });

  it('lets the acceptor confirm or reject a waiting deposit', () => {
    expect(dealActions('acceptor', deal('buy', 0))).toEqual(['confirm', 'reject']);
    expect(dealActions('user', deal('buy', 0))).toEqual([]);
  });

  it('lets the acceptor mark a withdrawal sent (or reject it before); then only the user confirms', () => {
    expect(dealActions('acceptor', deal('sell', 0))).toEqual(['transferred', 'reject']);
    expect(dealActions('user', deal('sell', 0))).toEqual([]);
    expect(dealActions('acceptor', deal('sell', 0, 1))).toEqual([]);
    expect(dealActions('user', deal('sell', 0, 1))).toEqual(['userConfirm']);
  });

  it('offers nothing on a confirmed or rejected deal', () => {
    for (const role of ['acceptor', 'user'] as const) {
      for (const type of ['buy', 'sell'] as const) {
        expect(dealActions(role, deal(type, 1, 1))).toEqual([]);
        expect(dealActions(role, deal(type, 2))).toEqual([]);
      }
    }
    expect([0, 1, 2].map(dealState)).toEqual(['waiting', 'confirmed', 'rejected']);
  });
});
