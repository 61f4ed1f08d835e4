import { describe, expect, it } from 'vitest';
import { MicroBatcher } from './batcher';

describe('MicroBatcher', () => {
  it('keeps at most maxPending waiting, holds back submitters, and flushes everything in order', async () => {
    const flushed: number[][] = [];
    let release: () => void = () => undefined;
    let gate = new Promise<void>((resolve) => (release = resolve));
    const batcher = new MicroBatcher<number>(
      async (items) => {
        flushed.push(items);
        await gate;
      },
      3,
      5,
    );
    const submitted = Array.from({ length: 20 }, (_, index) => batcher.submit(index));
    let mostWaiting = 0;
    for (let round = 0; round < 10; round += 1) {
      await new Promise((resolve) => setImmediate(resolve));
      mostWaiting = Math.max(mostWaiting, batcher.waiting);
      release();
      gate = new Promise<void>((resolve) => (release = resolve));
    }
    release();
    gate = Promise.resolve();
    release = () => undefined;
    await Promise.all(submitted);
    expect(mostWaiting).toBeLessThanOrEqual(5);
    expect(flushed.every((batch) => batch.length <= 3)).toBe(true);
    expect(flushed.flat()).toEqual(Array.from({ length: 20 }, (_, index) => index));
  });

  it('hands a failed flush to the submitters of that batch only', async () => {
    const batcher = new MicroBatcher<number>(
      (items) => (items.includes(1) ? Promise.reject(new Error('flush failed')) : Promise.resolve()),
      1,
    );
    const outcomes = await Promise.allSettled([batcher.submit(0), batcher.submit(1), batcher.submit(2)]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  });
});
