import { describe, expect, it } from 'vitest';
import { mulberry32, randomInt } from '@exchange/engine/prng';
import { Money, roundPaid } from './money';
import {
  divideRoundingPaid,
  divideRoundingUp,
  formatScaled,
  parseScaled,
  SCALED_ONE,
  tenToThe,
} from './scaled';

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

  it('rounds a division up, as what a user pays rounds, and refuses a negative amount or a scale that is not positive', () => {
    const random = mulberry32(19);
    for (let index = 0; index < 10_000; index += 1) {
      const numerator = BigInt(randomInt(random, 0, 1_000_000));
      const decimals = randomInt(random, 0, 5);
      const exact = new Money(numerator.toString()).div(10 ** 5);
      const step = 10n ** BigInt(5 - decimals);
      const rounded = divideRoundingUp(numerator, step) * step * (SCALED_ONE / 10n ** 5n);
      expect(formatScaled(rounded)).toBe(roundPaid(exact, decimals).toFixed());
    }
    // Nothing to pay rounds to nothing; a whole quotient stays whole; one unit over rounds up by one.
    expect(divideRoundingUp(0n, 7n)).toBe(0n);
    expect(divideRoundingUp(14n, 7n)).toBe(2n);
    expect(divideRoundingUp(15n, 7n)).toBe(3n);
    expect(divideRoundingUp(5n, 1n)).toBe(5n);
    // A negative count of money, or dividing by nothing or by a negative scale, is a caller's bug.
    expect(() => divideRoundingUp(-1n, 7n)).toThrow('cannot round up -1 / 7');
    expect(() => divideRoundingUp(1n, 0n)).toThrow('cannot round up 1 / 0');
    expect(() => divideRoundingUp(1n, -7n)).toThrow('cannot round up 1 / -7');
  });

  it("rounds a scaled quotient up at the currency's places, and at the storage scale for a finer currency", () => {
    const random = mulberry32(20);
    for (let index = 0; index < 2_000; index += 1) {
      const numerator = BigInt(randomInt(random, 0, 1_000_000_000)) * 10n ** BigInt(randomInt(random, 0, 30));
      const denominator = BigInt(randomInt(random, 1, 1_000_000)) * 10n ** BigInt(randomInt(random, 0, 12));
      const decimals = randomInt(random, 0, 18);
      // The quotient as a scaled amount: numerator / denominator units of 10^-18.
      const exact = new Money(numerator.toString()).div(denominator.toString()).div(SCALED_ONE.toString());
      expect(formatScaled(divideRoundingPaid(numerator, denominator, decimals))).toBe(
        roundPaid(exact, decimals).toFixed(),
      );
    }
    // 2 / 3 of a unit: 0.67 at two places, 0.666666666666666667 at 18, the same at 20 (Postgres holds 18).
    const twoThirds = [2n * SCALED_ONE, 3n] as const;
    expect(formatScaled(divideRoundingPaid(...twoThirds, 2))).toBe('0.67');
    expect(formatScaled(divideRoundingPaid(...twoThirds, 0))).toBe('1');
    expect(formatScaled(divideRoundingPaid(...twoThirds, 18))).toBe('0.666666666666666667');
    expect(formatScaled(divideRoundingPaid(...twoThirds, 20))).toBe('0.666666666666666667');
    expect(divideRoundingPaid(6n * SCALED_ONE, 3n, 8)).toBe(2n * SCALED_ONE);
  });

  it('gives the powers of ten the matcher scales by, the same on every call', () => {
    for (let exponent = 0; exponent <= 36; exponent += 1) {
      expect(tenToThe(exponent)).toBe(10n ** BigInt(exponent));
      expect(tenToThe(exponent)).toBe(10n ** BigInt(exponent));
    }
  });
});
