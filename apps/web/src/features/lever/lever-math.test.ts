import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import type { Quotation, QuotationGroup } from '../../api/markets';
import {
  chooseLeverPair,
  estimateOrder,
  hazardTone,
  leverGroups,
  parseTradeList,
  positionSize,
  sanitizeShare,
  stepStop,
  stopExpectations,
  validateLeverOrder,
  validateStops,
} from './lever-math';

const pair = (legal: number, currency: number, flags: Partial<Quotation> = {}) =>
  ({
    match_id: legal * 100 + currency,
    legal_id: legal,
    currency_id: currency,
    symbol: `C${currency}/L${legal}`,
    is_display: 1,
    open_lever: 1,
    ...flags,
  }) as Quotation;

const groups = [
  { id: 3, name: 'USDT', quotation: [pair(3, 1), pair(3, 2, { open_lever: 0 }), pair(3, 4)] },
  { id: 5, name: 'BTC', quotation: [pair(5, 2, { is_display: 0 })] },
] as QuotationGroup[];

describe('lever pairs', () => {
  it('lists only displayed pairs open for lever, dropping empty quote groups', () => {
    const lever = leverGroups(groups);
    expect(lever.map((group) => group.id)).toEqual([3]);
    expect(lever[0]?.quotation.map((item) => item.currency_id)).toEqual([1, 4]);
  });

  it('takes the link, then the stored pair, then the first; a link to a non-lever pair is delisted', () => {
    const lever = leverGroups(groups);
    const none = { legal: null, currency: null };
    expect(chooseLeverPair(lever, { legal: '3', currency: '4' }, none)).toMatchObject({
      pair: { currency_id: 4 },
      delisted: false,
    });
    expect(chooseLeverPair(lever, none, { legal: '3', currency: '4' }).pair?.currency_id).toBe(4);
    expect(chooseLeverPair(lever, none, none)).toMatchObject({ pair: { currency_id: 1 }, delisted: false });
    expect(chooseLeverPair(lever, { legal: '3', currency: '2' }, none)).toMatchObject({
      pair: { currency_id: 1 },
      delisted: true,
    });
    expect(chooseLeverPair(lever, { legal: 'x', currency: '-1' }, none).delisted).toBe(true);
    expect(chooseLeverPair([], none, none).pair).toBeUndefined();
  });
});

describe('order checks (document 3, section 5)', () => {
  const base = { multiple: '10', mode: 1 as const, price: '', share: '5', min: 1, max: 100 };

  it('asks for a multiple, then a limit price, then whole hands within the range', () => {
    expect(validateLeverOrder({ ...base, multiple: '' })).toEqual({ key: 'chooseMultiple' });
    expect(validateLeverOrder({ ...base, mode: 0, price: '' })).toEqual({ key: 'enterPrice' });
    expect(validateLeverOrder({ ...base, mode: 0, price: '0' })).toEqual({ key: 'enterPrice' });
    expect(validateLeverOrder({ ...base, share: '1.5' })).toEqual({ key: 'enterInteger' });
    expect(validateLeverOrder({ ...base, share: '0' })).toEqual({ key: 'enterInteger' });
    expect(validateLeverOrder({ ...base, share: '' })).toEqual({ key: 'enterInteger' });
    expect(validateLeverOrder({ ...base, share: '-3' })).toEqual({ key: 'enterInteger' });
    expect(validateLeverOrder({ ...base, min: '2', share: '1' })).toEqual({ key: 'noLessThan', min: '2' });
    expect(validateLeverOrder({ ...base, share: '101' })).toEqual({ key: 'noMoreThan', max: '100' });
    expect(validateLeverOrder({ ...base, mode: 0, price: '95000.5' })).toBeNull();
  });

  it('treats a maximum of 0 as no maximum', () => {
    expect(validateLeverOrder({ ...base, max: 0, share: '100000' })).toBeNull();
    expect(validateLeverOrder({ ...base, max: '0', share: '100000' })).toBeNull();
  });

  it('keeps digits only in the hands field', () => {
    expect(sanitizeShare('12a.5')).toBe('125');
    expect(sanitizeShare('007')).toBe('7');
    expect(sanitizeShare('-1e3')).toBe('13');
  });
});

describe('estimates (document 3, section 9)', () => {
  it('values price x hands x lot, margin value / multiple, fee value x percent', () => {
    const estimate = estimateOrder({
      side: 1,
      price: '100000',
      share: '3',
      lotSize: '0.01',
      multiple: '10',
      feePercent: '0.1',
    });
    expect(estimate?.value.toFixed()).toBe('3000');
    expect(estimate?.margin.toFixed()).toBe('300');
    expect(estimate?.fee?.toFixed()).toBe('3');
  });

  it('adds the spread for a long and takes it off for a short; no fee without a percent', () => {
    const input = { price: '100', share: '1', lotSize: '1', multiple: '5', spreadPercent: '1' };
    expect(estimateOrder({ ...input, side: 1 })?.value.toFixed()).toBe('101');
    expect(estimateOrder({ ...input, side: 2 })?.value.toFixed()).toBe('99');
    expect(estimateOrder({ ...input, side: 2 })?.fee).toBeNull();
  });

  it('is empty while an input is missing or not positive', () => {
    const input = { side: 1 as const, price: '100', share: '1', lotSize: '1', multiple: '5' };
    expect(estimateOrder({ ...input, share: '' })).toBeNull();
    expect(estimateOrder({ ...input, multiple: '' })).toBeNull();
    expect(estimateOrder({ ...input, price: '0' })).toBeNull();
  });

  it('sizes a position by its number, else hands x lot', () => {
    expect(positionSize({ number: '0.05', share: 5 }, '0.02')?.toFixed()).toBe('0.05');
    expect(positionSize({ share: 5 }, '0.02')?.toFixed()).toBe('0.1');
    expect(positionSize({ share: 5 }, undefined)).toBeNull();
  });
});

describe('stops (document 3, section 5)', () => {
  const size = new Decimal('0.1');

  it('shows the expected profit and loss, never below 0', () => {
    const long = stopExpectations({ side: 1, openPrice: '100', size, takeProfit: '120', stopLoss: '90' });
    expect(long.profit?.toFixed()).toBe('2');
    expect(long.loss?.toFixed()).toBe('1');
    const short = stopExpectations({ side: 2, openPrice: '100', size, takeProfit: '80', stopLoss: '130' });
    expect(short.profit?.toFixed()).toBe('2');
    expect(short.loss?.toFixed()).toBe('3');
    const wrong = stopExpectations({ side: 1, openPrice: '100', size, takeProfit: '90', stopLoss: '120' });
    expect(wrong.profit?.toFixed()).toBe('0');
    expect(wrong.loss?.toFixed()).toBe('0');
    expect(stopExpectations({ side: 1, openPrice: '100', size, takeProfit: '', stopLoss: '0' })).toEqual({
      profit: null,
      loss: null,
    });
  });

  it('steps by 0.01 and refuses to go to 0 or below', () => {
    expect(stepStop('1.5', 1)).toEqual({ value: '1.51', belowZero: false });
    expect(stepStop('100.1234', -1)).toEqual({ value: '100.1134', belowZero: false });
    expect(stepStop('0.02', -1)).toEqual({ value: '0.01', belowZero: false });
    expect(stepStop('0.01', -1)).toEqual({ value: '0.01', belowZero: true });
    expect(stepStop('', 1)).toEqual({ value: '0.01', belowZero: false });
  });

  it('wants both prices positive and on the right sides of the open and mark prices', () => {
    const long = { side: 1 as const, openPrice: '100', markPrice: '105' };
    expect(validateStops({ ...long, takeProfit: '0', stopLoss: '90' })).toBe('greaterThanZero');
    expect(validateStops({ ...long, takeProfit: '104', stopLoss: '90' })).toBe('takeProfitSide');
    expect(validateStops({ ...long, takeProfit: '110', stopLoss: '100' })).toBe('stopLossSide');
    expect(validateStops({ ...long, takeProfit: '110', stopLoss: '99' })).toBeNull();
    const short = { side: 2 as const, openPrice: '100', markPrice: '95' };
    expect(validateStops({ ...short, takeProfit: '96', stopLoss: '110' })).toBe('takeProfitSide');
    expect(validateStops({ ...short, takeProfit: '90', stopLoss: '100' })).toBe('stopLossSide');
    expect(validateStops({ ...short, takeProfit: '90', stopLoss: '101' })).toBeNull();
  });
});

describe('pushes and display', () => {
  it('reads trade lists as JSON strings or arrays', () => {
    expect(parseTradeList('[{"id":1}]')).toEqual([{ id: 1 }]);
    expect(parseTradeList([{ id: 2 }])).toEqual([{ id: 2 }]);
    expect(parseTradeList('not json')).toBeNull();
    expect(parseTradeList('{"id":1}')).toBeNull();
    expect(parseTradeList(undefined)).toBeNull();
  });

  it('colours the risk rate', () => {
    expect(hazardTone('0')).toBe('none');
    expect(hazardTone('30')).toBe('danger');
    expect(hazardTone('120.5')).toBe('warn');
    expect(hazardTone('480')).toBe('safe');
    expect(hazardTone(undefined)).toBe('none');
  });
});
