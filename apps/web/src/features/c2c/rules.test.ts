import { describe, expect, it } from 'vitest';
import {
  adTotal,
  adTypeForTab,
  appealState,
  AVATAR_COLOURS,
  avatarColour,
  hasMorePages,
  initialOf,
  isCanceller,
  isReady,
  nextStep,
  readiness,
  orderActions,
  orderState,
  publishProblem,
  viewerPaysFiat,
  viewerSide,
} from './rules';

describe("how an order's appeal and cancellation read", () => {
  it('an appeal is open, or ended by an operator (release, refund) or by the seller confirming', () => {
    expect(appealState({ appeal_state: 0, resolution: null })).toBeNull();
    expect(appealState({})).toBeNull();
    expect(appealState({ appeal_state: 1, resolution: null })).toBe('open');
    for (const resolution of ['release', 'refund', 'confirm'] as const)
      expect(appealState({ appeal_state: 2, resolution })).toBe(resolution);
    expect(appealState({ appeal_state: 2, resolution: 'something else' })).toBeNull();
  });

  it('a cancelled order names who cancelled it: the payer, the deadline or an operator', () => {
    for (const by of ['payer', 'deadline', 'operator']) expect(isCanceller(by)).toBe(true);
    for (const by of ['', null, undefined, 'user']) expect(isCanceller(by)).toBe(false);
  });
});

describe('the order buttons of document 2, section 4', () => {
  const order = (type: 'buy' | 'sell', is_sure: number) => ({ type, is_sure });

  it('my orders: cancel and paid only for an unpaid order of a sell ad', () => {
    expect(orderActions('taker', order('sell', 0))).toEqual(['cancel', 'pay']);
    expect(orderActions('taker', order('buy', 0))).toEqual([]);
    for (const state of [1, 2, 3]) expect(orderActions('taker', order('sell', state))).toEqual([]);
  });

  it('my orders: confirm receipt (legal_deal_user_sure) only for a paid order of a buy ad', () => {
    expect(orderActions('taker', order('buy', 3))).toEqual(['confirmTaker']);
    for (const state of [0, 1, 2]) expect(orderActions('taker', order('buy', state))).toEqual([]);
  });

  it("an ad's orders: the seller confirms (legal_deal_sure) a paid order of a sell ad", () => {
    expect(orderActions('owner', order('sell', 3))).toEqual(['confirmOwner']);
    for (const state of [0, 1, 2]) expect(orderActions('owner', order('sell', state))).toEqual([]);
  });

  it("an ad's orders: cancel or mark paid for an unpaid order of a buy ad", () => {
    expect(orderActions('owner', order('buy', 0))).toEqual(['cancel', 'pay']);
    for (const state of [1, 2, 3]) expect(orderActions('owner', order('buy', state))).toEqual([]);
  });

  it('the fiat payer is the taker of a sell ad or the owner of a buy ad', () => {
    expect(viewerPaysFiat('taker', 'sell')).toBe(true);
    expect(viewerPaysFiat('owner', 'buy')).toBe(true);
    expect(viewerPaysFiat('taker', 'buy')).toBe(false);
    expect(viewerPaysFiat('owner', 'sell')).toBe(false);
    expect(viewerSide('taker', 'sell')).toBe('buy');
    expect(viewerSide('owner', 'sell')).toBe('sell');
  });

  it('reads is_sure 0/1/2/3 as unpaid, done, cancelled, paid', () => {
    expect([0, 1, 2, 3].map(orderState)).toEqual(['unpaid', 'done', 'cancelled', 'paid']);
  });
});

describe('the market', () => {
  it('lists sell ads on the Buy tab and buy ads on the Sell tab', () => {
    expect(adTypeForTab('buy')).toBe('sell');
    expect(adTypeForTab('sell')).toBe('buy');
  });

  it('shows the more button while pages come back with 10 rows', () => {
    expect(hasMorePages(10)).toBe(true);
    expect(hasMorePages(9)).toBe(false);
    expect(hasMorePages(0)).toBe(false);
  });

  it('gives a name one of the seven preset colours, always the same one', () => {
    expect(AVATAR_COLOURS).toHaveLength(7);
    expect(AVATAR_COLOURS).toContain(avatarColour('carol'));
    expect(avatarColour('carol')).toBe(avatarColour('carol'));
    expect(initialOf('carol')).toBe('C');
    expect(initialOf('张三')).toBe('张');
    expect(initialOf('')).toBe('?');
  });
});

describe('publishing an ad', () => {
  const form = { total_number: '10', price: '7.1', way: 'bank', coin_code: 'CNY' };

  it('prompts in the order quantity, price, payment method, fiat code', () => {
    expect(publishProblem({ total_number: '', price: '', way: '', coin_code: '' }, 'buy')).toBe('quantity');
    expect(publishProblem({ ...form, price: '', way: '', coin_code: '' }, 'buy')).toBe('price');
    expect(publishProblem({ ...form, way: '', coin_code: '' }, 'buy')).toBe('way');
    expect(publishProblem({ ...form, coin_code: '' }, 'buy')).toBe('coinCode');
    expect(publishProblem(form, 'buy')).toBeNull();
  });

  it('refuses zero, negative, non-numbers, too many decimals and absurd sizes', () => {
    for (const bad of ['0', '-1', 'abc', '1e5', '0.000000001', '1'.repeat(40), '1,5', 'NaN']) {
      expect(publishProblem({ ...form, total_number: bad }, 'buy'), bad).toBe('quantityInvalid');
    }
    for (const bad of ['0', '-3', '7.123', 'x']) {
      expect(publishProblem({ ...form, price: bad }, 'buy'), bad).toBe('priceInvalid');
    }
  });

  it('refuses a sell ad larger than the legal balance, not a buy ad', () => {
    expect(publishProblem(form, 'sell', '9.99')).toBe('balance');
    expect(publishProblem(form, 'sell', '10')).toBeNull();
    expect(publishProblem(form, 'buy', '0')).toBeNull();
  });

  it("checks a shop ad's per-order limits: positive, min not above max, max not above the quantity", () => {
    const shop = { ...form, min_number: '', max_number: '' };
    expect(publishProblem(shop, 'sell')).toBeNull();
    expect(publishProblem({ ...shop, min_number: '1', max_number: '5' }, 'sell')).toBeNull();
    expect(publishProblem({ ...shop, min_number: '6', max_number: '5' }, 'sell')).toBe('limits');
    expect(publishProblem({ ...shop, max_number: '11' }, 'sell')).toBe('limits');
    expect(publishProblem({ ...shop, min_number: '0' }, 'sell')).toBe('limits');
    expect(publishProblem({ ...shop, min_number: '-1' }, 'sell')).toBe('limits');
  });

  it('totals quantity times price in cents, without floats', () => {
    expect(adTotal('0.1', '0.2')).toBe('0.02');
    expect(adTotal('3', '7.155')).toBe('21.47');
    expect(adTotal('', '7')).toBe('0.00');
  });
});

describe('what a first order needs, in the order the guide asks for it', () => {
  const user = { hasTradePassword: false, hasReceivingAccount: false, reviewStatus: 2 };

  it('asks for the trade password first, then the receiving account', () => {
    expect(nextStep(readiness(user))).toBe('tradePassword');
    expect(nextStep(readiness({ ...user, hasTradePassword: true }))).toBe('receivingAccount');
    expect(nextStep(readiness({ ...user, hasReceivingAccount: true }))).toBe('tradePassword');
    const ready = readiness({ ...user, hasTradePassword: true, hasReceivingAccount: true });
    expect(nextStep(ready)).toBeNull();
    expect(isReady(ready)).toBe(true);
  });

  it('sends an unverified user to identity last, and waits while an operator reviews it', () => {
    const unverified = { hasTradePassword: true, hasReceivingAccount: true, reviewStatus: 0 };
    expect(nextStep(readiness(unverified))).toBe('identity');
    const reviewed = readiness({ ...unverified, reviewStatus: 1 });
    expect(reviewed.identity).toBe('review');
    expect(nextStep(reviewed)).toBeNull();
    expect(isReady(reviewed)).toBe(false);
  });
});
