import { describe, expect, it } from 'vitest';
import { orderTotal, sliderAmount, SLIDER_STEPS, validateOrder } from './order-math';

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

describe('checks', () => {
  it('validates price then quantity (section 5)', () => {
    expect(validateOrder({ side: 'buy', mode: 'limit', price: '', amount: '1' })).toBe('enterBuyPrice');
    expect(validateOrder({ side: 'sell', mode: 'limit', price: '0', amount: '1' })).toBe('enterSellPrice');
    expect(validateOrder({ side: 'buy', mode: 'limit', price: '10', amount: '0' })).toBe('enterQuantity');
    expect(validateOrder({ side: 'buy', mode: 'limit', price: '10', amount: '' })).toBe('enterQuantity');
    expect(validateOrder({ side: 'sell', mode: 'market', price: '', amount: '1' })).toBe('noMarketPrice');
    expect(validateOrder({ side: 'sell', mode: 'market', price: '10', amount: '1' })).toBeNull();
    expect(validateOrder({ side: 'buy', mode: 'limit', price: '10.5', amount: '0.001' })).toBeNull();
  });
});

describe('totals and sending', () => {
  it('multiplies exactly', () => {
    expect(orderTotal('0.1', '0.2', 8)).toBe('0.02000000');
    expect(orderTotal('96084.05', '0.00482', 2)).toBe('463.12');
    expect(orderTotal('', '1', 2)).toBe('');
  });
});
