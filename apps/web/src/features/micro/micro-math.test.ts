import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { closedOrderOf } from './api';
import {
  chooseMicroPair,
  deadlineOf,
  durationParts,
  formatCountdown,
  formatRate,
  formatSignedAmount,
  formatStakeAmount,
  insuranceQuote,
  liveProfit,
  microPairs,
  sanitizeStakeInput,
  secondsLeft,
  stakeFee,
  stakeLimits,
  standingOf,
  validateStake,
  validQuantity,
  winProfit,
} from './micro-math';

describe('stake input and limits', () => {
  it('keeps digits only, without leading zeros, at most 15 of them', () => {
    expect(sanitizeStakeInput('12.5')).toBe('125');
    expect(sanitizeStakeInput('-007')).toBe('7');
    expect(sanitizeStakeInput('1e3')).toBe('13');
    expect(sanitizeStakeInput('abc')).toBe('');
    expect(sanitizeStakeInput('0')).toBe('0');
    expect(sanitizeStakeInput('1234567890123456789')).toBe('123456789012345');
  });

  it('binds the larger minimum and the smaller maximum; 0 means no limit', () => {
    const limits = stakeLimits([
      ['10', '5000'],
      ['50', '0'],
    ]);
    expect(limits.min?.toFixed()).toBe('50');
    expect(limits.max?.toFixed()).toBe('5000');
    expect(stakeLimits([['0', '0']])).toEqual({ min: null, max: null });
  });

  it('names the first problem of a stake, or none', () => {
    const limits = { min: new Decimal(10), max: new Decimal(1000) };
    expect(validateStake('', limits, '500')).toEqual({ key: 'numberRequired' });
    expect(validateStake('0', limits, '500')).toEqual({ key: 'numberRequired' });
    expect(validateStake('1.5', limits, '500')).toEqual({ key: 'wholeNumber' });
    expect(validateStake('5', limits, '500')).toEqual({ key: 'belowMin', value: '10' });
    expect(validateStake('2000', limits, '5000')).toEqual({ key: 'aboveMax', value: '1000' });
    expect(validateStake('600', limits, '500')).toEqual({ key: 'balanceInsufficient' });
    expect(validateStake('500', limits, '500')).toBeNull();
  });

  it('computes the win profit and the fee with decimals, not floats', () => {
    expect(winProfit('100', '85').toFixed()).toBe('85');
    expect(winProfit('3', '33.3').toFixed()).toBe('0.999');
    expect(stakeFee('100', '0.1').toFixed()).toBe('0.1');
    expect(stakeFee('100', null).toFixed()).toBe('0');
  });
});

describe('a running order against the live price (document 3, section 4)', () => {
  it('wins an up order when the price rose and loses it when it fell', () => {
    expect(standingOf(1, '100', '100.01')).toBe('win');
    expect(standingOf(1, '100', '99.99')).toBe('lose');
  });

  it('mirrors a down order', () => {
    expect(standingOf(2, '100', '99.99')).toBe('win');
    expect(standingOf(2, '100', '100.01')).toBe('lose');
  });

  it('shows equal prices as a tie, which the server settles by returning the stake', () => {
    expect(standingOf(1, '100', '100.000')).toBe('tie');
    expect(standingOf(2, '100', '100')).toBe('tie');
  });

  it('knows nothing without a live price', () => {
    expect(standingOf(1, '100', '')).toBeNull();
    expect(standingOf(1, '100', '0')).toBeNull();
    expect(standingOf(1, '100', undefined)).toBeNull();
  });

  it('shows +stake × ratio / 100 for a win, −stake for a loss, 0 for a tie', () => {
    expect(liveProfit('win', '20', '80').toFixed()).toBe('16');
    expect(liveProfit('lose', '20', '80').toFixed()).toBe('-20');
    expect(liveProfit('tie', '20', '80').toFixed()).toBe('0');
  });
});

describe('countdown', () => {
  it('runs from the remaining time the list answered', () => {
    const deadline = deadlineOf(30_000, 1_000_000);
    expect(deadline).toBe(1_030_000);
    expect(secondsLeft(deadline, 1_000_000)).toBe(30);
    expect(secondsLeft(deadline, 1_029_001)).toBe(1);
    expect(secondsLeft(deadline, 1_030_000)).toBe(0);
    expect(secondsLeft(deadline, 1_040_000)).toBe(0);
    expect(deadlineOf('junk', 5)).toBe(5);
    expect(deadlineOf(-10, 5)).toBe(5);
  });

  it('reads m:ss, or h:mm:ss past an hour', () => {
    expect(formatCountdown(7)).toBe('0:07');
    expect(formatCountdown(299)).toBe('4:59');
    expect(formatCountdown(3_725)).toBe('1:02:05');
    expect(formatCountdown(-3)).toBe('0:00');
  });

  it('splits durations into units for their labels', () => {
    expect(durationParts(30)).toEqual([{ unit: 's', value: 30 }]);
    expect(durationParts(120)).toEqual([{ unit: 'm', value: 2 }]);
    expect(durationParts(90)).toEqual([
      { unit: 'm', value: 1 },
      { unit: 's', value: 30 },
    ]);
    expect(durationParts(7_200)).toEqual([{ unit: 'h', value: 2 }]);
  });
});

describe('amounts on screen', () => {
  it('cuts toward zero at two decimals and signs profits', () => {
    expect(formatStakeAmount('8.559')).toBe('8.55');
    expect(formatStakeAmount('-8.559')).toBe('-8.55');
    expect(formatStakeAmount(null)).toBe('--');
    expect(formatSignedAmount('8.5')).toBe('+8.50');
    expect(formatSignedAmount('-10')).toBe('-10.00');
    expect(formatSignedAmount('0')).toBe('0.00');
  });
});

describe('pairs', () => {
  const groups = [
    {
      quotation: [
        { legal_id: 1, currency_id: 2, open_microtrade: 1, is_display: 1 },
        { legal_id: 1, currency_id: 3, open_microtrade: 0, is_display: 1 },
        { legal_id: 1, currency_id: 4, open_microtrade: 1, is_display: 1 },
      ],
    },
    { quotation: [{ legal_id: 2, currency_id: 3, open_microtrade: 1, is_display: 0 }] },
  ];

  it('lists only displayed pairs open for seconds trading', () => {
    expect(microPairs(groups).map((pair) => pair.currency_id)).toEqual([2, 4]);
    expect(microPairs(undefined)).toEqual([]);
  });

  it('takes the linked pair, else the first open one', () => {
    const pairs = microPairs(groups);
    expect(chooseMicroPair(pairs, '1', '4')?.currency_id).toBe(4);
    expect(chooseMicroPair(pairs, '1', '3')?.currency_id).toBe(2);
    expect(chooseMicroPair(pairs, null, 'x')?.currency_id).toBe(2);
    expect(chooseMicroPair([], '1', '2')).toBeUndefined();
  });
});

describe('the micro_closed push', () => {
  it('names the order in data, or is the order', () => {
    expect(closedOrderOf({ type: 'micro_closed', data: { id: 7 } })).toEqual({ id: 7 });
    expect(closedOrderOf({ id: 8, status: 3 })).toEqual({ id: 8, status: 3 });
    expect(closedOrderOf(null)).toBeNull();
    expect(closedOrderOf({ data: 'x' })).toBeNull();
  });
});

describe('insurance purchase', () => {
  it('accepts a whole quantity within the range only', () => {
    expect(validQuantity('1', 1, 10)).toBe(true);
    expect(validQuantity('10', 1, 10)).toBe(true);
    expect(validQuantity('0', 1, 10)).toBe(false);
    expect(validQuantity('11', 1, 10)).toBe(false);
    expect(validQuantity('2.5', 1, 10)).toBe(false);
    expect(validQuantity('-1', 1, 10)).toBe(false);
    expect(validQuantity('', 1, 10)).toBe(false);
  });

  it('quotes the insured amount and the premium in decimals', () => {
    const quote = insuranceQuote('100', '0.05', '3');
    expect(quote?.insured.toFixed()).toBe('300');
    expect(quote?.premium.toFixed()).toBe('15');
    expect(insuranceQuote('100', '0.05', 'x')).toBeNull();
    expect(formatRate('0.05')).toBe('5%');
    expect(formatRate('1')).toBe('100%');
    expect(formatRate(undefined)).toBe('--');
  });
});
