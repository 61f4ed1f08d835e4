import type { PriceLevel } from './price-level';
import type { Side } from './types';
import { isPositiveSafeInteger } from './validate';

/** Big enough that a typical book is one or a few chunks, small enough that a splice inside one is cheap. */
export const DEFAULT_CHUNK_SIZE = 128;

/**
 * The price levels of one side in price order, worst first and best last, kept in chunks of bounded size.
 * Matching works at the best end, so taking the best level away is a pop. A level opened or closed in the
 * middle moves at most one chunk's worth of references, however many levels the side has: a single sorted
 * array would move half the side each time, which a book spread over tens of thousands of ticks turns into
 * the main cost of every new price.
 */
export class SortedLevels {
  private readonly isBid: boolean;
  private readonly chunkSize: number;
  /** Non-empty chunks, each sorted worst first; every level of a chunk is worse than those of the next. */
  private readonly chunks: PriceLevel[][] = [];
  private levelCount = 0;

  constructor(side: Side, chunkSize = DEFAULT_CHUNK_SIZE) {
    // A tuning mistake, not a size: 0 would split the chunks at every insert, NaN never.
    if (!isPositiveSafeInteger(chunkSize))
      throw new RangeError(`chunk size must be a positive safe integer, got ${String(chunkSize)}`);
    this.isBid = side === 'buy';
    this.chunkSize = chunkSize;
  }

  get size(): number {
    return this.levelCount;
  }

  best(): PriceLevel | undefined {
    const last = this.chunks[this.chunks.length - 1];
    return last?.[last.length - 1];
  }

  /** The level `rank` steps from the best (0 is the best), or undefined past the worst. */
  atRank(rank: number): PriceLevel | undefined {
    let remaining = rank;
    for (let index = this.chunks.length - 1; index >= 0; index -= 1) {
      const chunk = this.chunks[index] as PriceLevel[];
      if (remaining < chunk.length) return chunk[chunk.length - 1 - remaining];
      remaining -= chunk.length;
    }
    return undefined;
  }

  /** Up to `count` levels, best first. */
  bestFirst(count: number): PriceLevel[] {
    const levels: PriceLevel[] = [];
    for (let index = this.chunks.length - 1; index >= 0; index -= 1) {
      const chunk = this.chunks[index] as PriceLevel[];
      for (let within = chunk.length - 1; within >= 0; within -= 1) {
        if (!(levels.length < count)) return levels;
        levels.push(chunk[within] as PriceLevel);
      }
    }
    return levels;
  }

  /** Adds a level whose price the side does not hold yet. */
  insert(level: PriceLevel): void {
    const chunkIndex = Math.max(0, this.chunkIndexFor(level.priceTicks));
    const chunk = this.chunks[chunkIndex];
    if (chunk === undefined) {
      this.chunks.push([level]);
    } else {
      chunk.splice(this.firstIndexBetterThan(chunk, level.priceTicks), 0, level);
      // Pure speed: splitting a chunk sooner, later or never changes only how far a splice moves references
      // (both halves of a chunk that just took a level hold at least one).
      // Stryker disable next-line ConditionalExpression,EqualityOperator: see above.
      if (chunk.length > this.chunkSize)
        this.chunks.splice(chunkIndex + 1, 0, chunk.splice(chunk.length >> 1));
    }
    this.levelCount += 1;
  }

  /** Removes a level the side holds; throws if it does not, since that means the book is corrupt. */
  remove(level: PriceLevel): void {
    const chunkIndex = this.chunkIndexFor(level.priceTicks);
    // A price worse than every chunk's worst has no chunk: it finds nothing in an empty one (or in any chunk
    // without the level, hence the array's contents cannot matter).
    // Stryker disable next-line ArrayDeclaration: see above.
    const chunk = this.chunks[chunkIndex] ?? [];
    const index = this.firstIndexBetterThan(chunk, level.priceTicks) - 1;
    if (chunk[index] !== level) {
      throw new Error(`${this.isBid ? 'bid' : 'ask'} levels lost the level at ${level.priceTicks}`);
    }
    // The better levels move down one and the last goes: for the best level (matching empties it) just a pop.
    chunk.copyWithin(index, index + 1);
    chunk.pop();
    if (chunk.length === 0) this.chunks.splice(chunkIndex, 1);
    this.levelCount -= 1;
  }

  /** True when `priceTicks` is strictly better for this side than `otherTicks`: higher bid, lower ask. */
  isBetter(priceTicks: number, otherTicks: number): boolean {
    return this.isBid ? priceTicks > otherTicks : priceTicks < otherTicks;
  }

  /** The last chunk whose worst level is not better than `priceTicks` (-1 when there is none). */
  private chunkIndexFor(priceTicks: number): number {
    let low = 0;
    let high = this.chunks.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      // `middle` is below the length, and no chunk is empty.
      const worst = (this.chunks[middle] as PriceLevel[])[0] as PriceLevel;
      if (this.isBetter(worst.priceTicks, priceTicks)) high = middle;
      else low = middle + 1;
    }
    return low - 1;
  }

  /** The index of the chunk's first level priced strictly better than `priceTicks`. */
  private firstIndexBetterThan(chunk: PriceLevel[], priceTicks: number): number {
    let low = 0;
    let high = chunk.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const level = chunk[middle] as PriceLevel;
      if (this.isBetter(level.priceTicks, priceTicks)) high = middle;
      else low = middle + 1;
    }
    return low;
  }
}
