import { PriceLevel } from './price-level';
import { SortedLevels } from './sorted-levels';
import type { Side } from './types';

/**
 * One side of the book: its levels in price order (best first for matching and depth), and a map that finds
 * the level at a given price in O(1), the common case of an order joining a level that already exists.
 */
export class BookSide {
  readonly side: Side;
  private readonly levels: SortedLevels;
  private readonly levelsByPrice = new Map<number, PriceLevel>();

  constructor(side: Side) {
    this.side = side;
    this.levels = new SortedLevels(side);
  }

  best(): PriceLevel | undefined {
    return this.levels.best();
  }

  /** The level `rank` steps from the best (0 is the best), or undefined past the last level. */
  levelAtRank(rank: number): PriceLevel | undefined {
    return this.levels.atRank(rank);
  }

  /** Up to `count` levels, best first. */
  bestLevels(count: number): PriceLevel[] {
    return this.levels.bestFirst(count);
  }

  levelCount(): number {
    return this.levels.size;
  }

  levelAt(priceTicks: number): PriceLevel | undefined {
    return this.levelsByPrice.get(priceTicks);
  }

  /** The level at this price, created (empty) if the side has none yet. */
  levelFor(priceTicks: number): PriceLevel {
    const existing = this.levelsByPrice.get(priceTicks);
    if (existing !== undefined) return existing;
    const level = new PriceLevel(this.side, priceTicks);
    this.levels.insert(level);
    this.levelsByPrice.set(priceTicks, level);
    return level;
  }

  /** Drops a level that has become empty. */
  removeLevel(level: PriceLevel): void {
    this.levelsByPrice.delete(level.priceTicks);
    this.levels.remove(level);
  }

  /** True when `priceTicks` is strictly better for this side than `otherTicks`: higher bid, lower ask. */
  isBetter(priceTicks: number, otherTicks: number): boolean {
    return this.levels.isBetter(priceTicks, otherTicks);
  }
}
