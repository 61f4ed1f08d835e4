import { describe, expect, it } from 'vitest';
import { mulberry32, randomInt } from '@exchange/engine/prng';
import { Money, roundPaid } from './money';
import { divideRoundingUp, formatScaled, parseScaled, SCALED_ONE } from './scaled';

describe('scaled money', () => {
  it('reads and prints every decimal of the storage scale exactly as decimal.js does', () => {
    const random = mulberry32(18);
    for (let index = 0; index < 10_000; index += 1) {
      const digits = Array.from({ length: randomInt(random, 1, 36) }, () => randomInt(random, 0, 9)).join('');
      const places = randomInt(random, 0, Math.min(18, digits.length - 1));
      const text = `${random() < 0.2 ? '-' : ''}${digits.slice(0, digits.length - places)}${places ? `.${digits.slice(-places)}` : ''}`;
      const decimal = new Money(text);
      expect(formatScaled(parseScaled(text))).toBe(decimal.toFixed());
      expect(parseScaled(decimal.toString())).toBe(parseScaled(text));
    }
    // Prisma's Decimal prints tiny and huge values with an exponent.
    expect(parseScaled('1e-18')).toBe(1n);
    expect(parseScaled('1.5e+20')).toBe(150n * 10n ** 18n * 10n ** 18n);
    expect(() => parseScaled('0.0000000000000000001')).toThrow('more than 18 decimal places');
    expect(() => parseScaled('abc')).toThrow();
  });

  it('rounds a division away from zero, as what a user pays rounds', () => {
    const random = mulberry32(19);
    for (let index = 0; index < 10_000; index += 1) {
      const numerator = BigInt(randomInt(random, -1_000_000, 1_000_000));
      const decimals = randomInt(random, 0, 5);
      const exact = new Money(numerator.toString()).div(10 ** 5);
      const step = 10n ** BigInt(5 - decimals);
      const rounded = divideRoundingUp(numerator, step) * step * (SCALED_ONE / 10n ** 5n);
      expect(formatScaled(rounded)).toBe(roundPaid(exact, decimals).toFixed());
    }
  });
});
