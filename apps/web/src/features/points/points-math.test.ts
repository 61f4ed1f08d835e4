import { describe, expect, it } from 'vitest';
import type { PointsInfo } from './api';
import { estimateExchange, validateExchange } from './points-math';

const info: PointsInfo = {
  jc_integral: '1000.5',
  free_jc_integral: '1000.5',
  jc_exchange_fee: '0.02',
  jc_price: '0.05',
  jc_price_difference: '0.25',
  market_price: '1',
  currency_name: 'HAP',
  currency_decimals: 6,
  points_decimals: 2,
  partner: 'Sandbox partner',
};

describe('points exchange preview', () => {
  it('matches the server: fee rounded up in points, tokens rounded down', () => {
    expect(estimateExchange('333.33', info)).toEqual({ fee: '6.67', tokens: '13.0664' });
    expect(estimateExchange('0', info)).toBeNull();
    expect(estimateExchange('abc', info)).toBeNull();
  });

  it('asks for an amount, and refuses more than usable', () => {
    expect(validateExchange('', '10')).toBe('enterAmount');
    expect(validateExchange('0', '10')).toBe('enterAmount');
    expect(validateExchange('10.01', '10')).toBe('insufficient');
    expect(validateExchange('10', '10')).toBeNull();
  });
});
