import { describe, expect, it } from 'vitest';
import {
  isBlockedKey,
  isPositive,
  normalizeDecimal,
  orderTotal,
  sanitizeDecimalInput,
  sliderAmount,
  SLIDER_STEPS,
  validateOrder,
} from './order-math';

describe('sliderAmount', () => {
  it('buys available quote x percent / price / 100, rounded down to 4 decimals', () => {
    expect(sliderAmount({ side: 'buy', percent: 25, available: '1000', price: '3', amountDecimals: 8 })).toBe(
      '83.3333',
    );
    expect(
      sliderAmount({ side: 'buy', percent: 100, available: '100000', price: '96084.05', amountDecimals: 5 }),
    ).toBe('1.0407');
  });

  it('sells available base x percent / 100', () => {
    expect(sliderAmount({ side: 'sell', percent: 50, available: '0.123456789', amountDecimals: 8 })).toBe(
      '0.0617',
    );
    expect(sliderAmount({ side: 'sell', percent: 75, available: '3', amountDecimals: 8 })).toBe('2.2500');
    expect(sliderAmount({ side: 'sell', percent: 0, available: '3', amountDecimals: 8 })).toBe('0.0000');
  });

  it('uses the pair amount decimals when they are fewer than 4', () => {
    expect(sliderAmount({ side: 'sell', percent: 25, available: '1234.56', amountDecimals: 0 })).toBe('308');
    expect(
      sliderAmount({ side: 'buy', percent: 100, available: '10', price: '0.31466', amountDecimals: 1 }),
    ).toBe('31.7');
  });

  it('never lets price x amount exceed the balance (no float drift)', () => {
    const amount = sliderAmount({
      side: 'buy',
      percent: 100,
      available: '0.3',
      price: '0.1',
      amountDecimals: 8,
    });
    expect(amount).toBe('3.0000');
    expect(sliderAmount({ side: 'sell', percent: 100, available: '0.3', amountDecimals: 8 })).toBe('0.3000');
  });

  it('leaves room for the market-buy reserve', () => {
    expect(
      sliderAmount({
        side: 'buy',
        percent: 100,
        available: '105',
        price: '10',
        amountDecimals: 8,
        mode: 'market',
      }),
    ).toBe('10.0000');
  });

  it('answers null when the balance is zero or missing, or a buy has no price', () => {
    expect(sliderAmount({ side: 'sell', percent: 50, available: '0', amountDecimals: 4 })).toBeNull();
    expect(sliderAmount({ side: 'sell', percent: 50, available: null, amountDecimals: 4 })).toBeNull();
    expect(
      sliderAmount({ side: 'buy', percent: 50, available: '100', price: '', amountDecimals: 4 }),
    ).toBeNull();
    expect(
      sliderAmount({ side: 'buy', percent: 50, available: '100', price: '0', amountDecimals: 4 }),
    ).toBeNull();
  });

  it('has stops every 25', () => {
    expect(SLIDER_STEPS).toEqual([0, 25, 50, 75, 100]);
  });
});

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

describe('checks', () => {
  it('blocks e and signs', () => {
    expect(['e', 'E', '+', '-'].every(isBlockedKey)).toBe(true);
    expect(isBlockedKey('5')).toBe(false);
    expect(isBlockedKey('.')).toBe(false);
  });

  it('validates price then quantity (section 5)', () => {
    expect(validateOrder({ side: 'buy', mode: 'limit', price: '', amount: '1' })).toBe('enterBuyPrice');
    expect(validateOrder({ side: 'sell', mode: 'limit', price: '0', amount: '1' })).toBe('enterSellPrice');
    expect(validateOrder({ side: 'buy', mode: 'limit', price: '10', amount: '0' })).toBe('enterQuantity');
    expect(validateOrder({ side: 'buy', mode: 'limit', price: '10', amount: '' })).toBe('enterQuantity');
    expect(validateOrder({ side: 'sell', mode: 'market', price: '', amount: '1' })).toBe('noMarketPrice');
    expect(validateOrder({ side: 'sell', mode: 'market', price: '10', amount: '1' })).toBeNull();
    expect(validateOrder({ side: 'buy', mode: 'limit', price: '10.5', amount: '0.001' })).toBeNull();
  });

  it('reads positives', () => {
    expect(isPositive('0.0001')).toBe(true);
    expect(isPositive('0')).toBe(false);
    expect(isPositive('x')).toBe(false);
    expect(isPositive(' ')).toBe(false);
  });
});

describe('totals and sending', () => {
  it('multiplies exactly', () => {
    expect(orderTotal('0.1', '0.2', 8)).toBe('0.02000000');
    expect(orderTotal('96084.05', '0.00482', 2)).toBe('463.12');
    expect(orderTotal('', '1', 2)).toBe('');
  });

  it('drops trailing zeros', () => {
    expect(normalizeDecimal('0.0100')).toBe('0.01');
    expect(normalizeDecimal('12.')).toBe('12');
    expect(normalizeDecimal('96084.0500')).toBe('96084.05');
  });
});
