import { describe, expect, it } from 'vitest';
import { OrderIndex } from './order-index';
import { mulberry32, randomInt } from './prng';

describe('OrderIndex', () => {
  it('stores, replaces, finds and deletes', () => {
    const index = new OrderIndex<string>();
    index.set(7, 'a');
    index.set(7, 'b');
    expect([index.get(7), index.has(7), index.has(8), index.size]).toEqual(['b', true, false, 1]);
    expect([index.delete(7), index.delete(7), index.get(7), index.size]).toEqual([true, false, undefined, 0]);
  });

  it.each([
    ['sequential ids', (n: number) => n + 1],
    ['ids sharing their low 32 bits', (n: number) => (n + 1) * 2 ** 32],
    ['ids strided by 2^20', (n: number) => (n + 1) * 2 ** 20],
    ['ids near the safe-integer limit', (n: number) => Number.MAX_SAFE_INTEGER - n],
  ])('holds %s', (_, idOf) => {
    const index = new OrderIndex<number>();
    for (let n = 0; n < 50_000; n += 1) index.set(idOf(n), n);
    expect(index.size).toBe(50_000);
    for (let n = 0; n < 50_000; n += 1) expect(index.get(idOf(n))).toBe(n);
    for (let n = 0; n < 50_000; n += 2) index.delete(idOf(n));
    for (let n = 0; n < 50_000; n += 1) expect(index.get(idOf(n))).toBe(n % 2 === 0 ? undefined : n);
  });

  it('answers like a Map through long random churn, deleted slots and rebuilds included', () => {
    const random = mulberry32(42);
    const index = new OrderIndex<number>();
    const reference = new Map<number, number>();
    for (let step = 0; step < 200_000; step += 1) {
      const orderId = randomInt(random, 1, 5_000);
      const roll = random();
      if (roll < 0.45) {
        index.set(orderId, step);
        reference.set(orderId, step);
      } else if (roll < 0.9) {
        expect(index.delete(orderId)).toBe(reference.delete(orderId));
      } else {
        expect(index.get(orderId)).toBe(reference.get(orderId));
      }
    }
    expect(index.size).toBe(reference.size);
    for (const [orderId, value] of reference) expect(index.get(orderId)).toBe(value);
  });

  it('refuses to store an id no order can have, which would clash with the empty and deleted slots', () => {
    const index = new OrderIndex<number>();
    for (const orderId of [0, -1, Number.NaN]) {
      expect(() => index.set(orderId, 1)).toThrow(new RangeError(`order ids are positive, got ${orderId}`));
    }
    expect(index.size).toBe(0);
  });

  it('finds nothing for ids no order can have', () => {
    const index = new OrderIndex<number>();
    index.set(1, 1);
    index.delete(1);
    for (const orderId of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(index.get(orderId)).toBeUndefined();
      expect(index.delete(orderId)).toBe(false);
    }
  });
});
