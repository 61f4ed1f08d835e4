import { PriceLevel } from './price-level';
import type { Side } from './types';

/**
 * The price levels of one side of the book. Levels sit in an array sorted worst first, best last, so
 * consuming the best level (what matching does all day) is a pop, and a new level costs a binary search plus
 * one splice; a map finds the level at a given price in O(1) for the common case of joining an existing level.
 */
export class BookSide {
  readonly side: Side;
  private readonly levelsWorstFirst: PriceLevel[] = [];
  private readonly levelsByPrice = new Map<number, PriceLevel>();

  constructor(side: Side) {
    this.side = side;
  }

  best(): PriceLevel | undefined {
    return this.levelsWorstFirst[this.levelsWorstFirst.length - 1];
  }

  /** The level `rank` steps from the best (0 is the best), or undefined past the last level. */
  levelAtRank(rank: number): PriceLevel | undefined {
    return this.levelsWorstFirst[this.levelsWorstFirst.length - 1 - rank];
  }

  levelCount(): number {
    return this.levelsWorstFirst.length;
  }

  levelAt(priceTicks: number): PriceLevel | undefined {
    return this.levelsByPrice.get(priceTicks);
  }

  /** The level at this price, created (empty) if the side has none yet. */
  levelFor(priceTicks: number): PriceLevel {
    const existing = this.levelsByPrice.get(priceTicks);
    if (existing !== undefined) return existing;
    const level = new PriceLevel(this.side, priceTicks);
    this.levelsWorstFirst.splice(this.firstIndexBetterThan(priceTicks), 0, level);
    this.levelsByPrice.set(priceTicks, level);
    return level;
  }

  /** Drops a level that has become empty. */
  removeLevel(level: PriceLevel): void {
    this.levelsByPrice.delete(level.priceTicks);
    const lastIndex = this.levelsWorstFirst.length - 1;
    if (this.levelsWorstFirst[lastIndex] === level) {
      this.levelsWorstFirst.pop();
      return;
    }
    // Levels are unique by price, so the level is just before the first one better than it.
    const index = this.firstIndexBetterThan(level.priceTicks) - 1;
    if (this.levelsWorstFirst[index] !== level) {
      throw new Error(`book side ${this.side} lost its level ${level.priceTicks}`);
    }
    this.levelsWorstFirst.splice(index, 1);
  }

  /** True when `priceTicks` is strictly better for this side than `otherTicks`: higher bid, lower ask. */
  isBetter(priceTicks: number, otherTicks: number): boolean {
    return this.side === 'buy' ? priceTicks > otherTicks : priceTicks < otherTicks;
  }

  /** Binary search: the index of the first level priced strictly better than `priceTicks`. */
  private firstIndexBetterThan(priceTicks: number): number {
    let low = 0;
    let high = this.levelsWorstFirst.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const level = this.levelsWorstFirst[middle];
      if (level !== undefined && this.isBetter(level.priceTicks, priceTicks)) high = middle;
      else low = middle + 1;
    }
    return low;
  }
}
