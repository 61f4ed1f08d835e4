import { describe, expect, it } from 'vitest';
import { PriceLevel } from './price-level';
import { mulberry32, randomInt } from './prng';
import { SortedLevels } from './sorted-levels';
import type { Side } from './types';

/** Random opens and closes of levels, checked after every step against a plain sorted array of prices. */
function churn(side: Side, chunkSize: number, seed: number): void {
  const random = mulberry32(seed);
  const levels = new SortedLevels(side, chunkSize);
  const byPrice = new Map<number, PriceLevel>();
  for (let step = 0; step < 3_000; step += 1) {
    const priceTicks = randomInt(random, 1, 400);
    const existing = byPrice.get(priceTicks);
    if (existing === undefined) {
      const level = new PriceLevel(side, priceTicks);
      levels.insert(level);
      byPrice.set(priceTicks, level);
    } else {
      levels.remove(existing);
      byPrice.delete(priceTicks);
    }
    const expected = [...byPrice.keys()].sort((a, b) => (side === 'buy' ? b - a : a - b));
    const bestFirst = levels.bestFirst(Number.POSITIVE_INFINITY).map((level) => level.priceTicks);
    expect(bestFirst).toEqual(expected);
    expect([levels.size, levels.best()?.priceTicks]).toEqual([expected.length, expected[0]]);
    const rank = randomInt(random, 0, expected.length);
    expect(levels.atRank(rank)?.priceTicks).toBe(expected[rank]);
  }
}

describe('SortedLevels', () => {
  it.each([
    ['buy', 1],
    ['buy', 2],
    ['buy', 4],
    ['sell', 3],
    ['sell', 128],
  ] as const)('keeps %s levels in order with chunks of %i through random churn', (side, chunkSize) => {
    churn(side, chunkSize, chunkSize * 7);
  });

  it('refuses a chunk size that could not hold a level', () => {
    for (const chunkSize of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => new SortedLevels('buy', chunkSize)).toThrow(
        new RangeError(`chunk size must be a positive safe integer, got ${chunkSize}`),
      );
    }
  });

  it('refuses to remove a level it does not hold', () => {
    const levels = new SortedLevels('sell', 2);
    for (const priceTicks of [10, 20, 30]) levels.insert(new PriceLevel('sell', priceTicks));
    expect(() => levels.remove(new PriceLevel('sell', 20))).toThrow('ask levels lost the level at 20');
    // Better, and worse, than every level it holds.
    expect(() => levels.remove(new PriceLevel('sell', 5))).toThrow('ask levels lost the level at 5');
    expect(() => levels.remove(new PriceLevel('sell', 40))).toThrow('ask levels lost the level at 40');
    const bids = new SortedLevels('buy', 2);
    bids.insert(new PriceLevel('buy', 10));
    expect(() => bids.remove(new PriceLevel('buy', 10))).toThrow('bid levels lost the level at 10');
    expect(levels.bestFirst(2).map((level) => level.priceTicks)).toEqual([10, 20]);
  });
});
