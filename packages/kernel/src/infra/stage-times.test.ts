import { describe, expect, it } from 'vitest';
import { StageTimes } from './stage-times';

/** Within the buckets' resolution: never below the true value, at most ~9% above it. */
const near = (reported: number | undefined, exact: number) => {
  expect(reported).toBeGreaterThanOrEqual(exact);
  expect(reported).toBeLessThanOrEqual(exact * 1.1);
};

describe('StageTimes', () => {
  it('summarises each stage: count, exact mean and max, percentiles within a bucket', () => {
    const stages = new StageTimes();
    for (let ms = 1; ms <= 1000; ms += 1) stages.record('append commit', ms);
    stages.record('answer', 0.25);
    const { 'append commit': commit, answer } = stages.snapshot();
    expect(commit?.count).toBe(1000);
    expect(commit?.mean).toBe(500.5);
    expect(commit?.max).toBe(1000);
    near(commit?.p50, 500);
    near(commit?.p99, 990);
    near(commit?.p999, 999);
    // A single sample: every percentile is the sample itself (capped at the max).
    expect(answer).toEqual({ count: 1, mean: 0.25, p50: 0.25, p99: 0.25, p999: 0.25, max: 0.25 });
  });

  it('counts a time shared by several orders once per order', () => {
    const stages = new StageTimes();
    stages.record('matcher batch', 8, 30);
    stages.record('matcher batch', 2, 10);
    const { 'matcher batch': batch } = stages.snapshot();
    expect(batch?.count).toBe(40);
    expect(batch?.mean).toBe(6.5);
    expect(batch?.max).toBe(8);
    near(batch?.p50, 8);
  });

  it('takes sub-microsecond, negative and out-of-range samples without breaking, and drops NaN', () => {
    const stages = new StageTimes();
    stages.record('stream', -0.5);
    stages.record('stream', 0.0001);
    stages.record('stream', Number.NaN);
    stages.record('stream', Number.POSITIVE_INFINITY);
    stages.record('total', 10 * 3_600_000);
    const snapshot = stages.snapshot();
    expect(snapshot.stream).toEqual({ count: 2, mean: 0, p50: 0, p99: 0, p999: 0, max: 0 });
    expect(snapshot.total?.p999).toBe(10 * 3_600_000);
    expect(JSON.parse(JSON.stringify(snapshot))).toEqual(snapshot);
  });

  it('merges raw samples of several processes as if one had recorded them all', () => {
    const [first, second, together] = [new StageTimes(), new StageTimes(), new StageTimes()];
    for (let index = 0; index < 500; index += 1) {
      first.record('http parse', 0.05 + index / 1000);
      second.record('http parse', 2 + index / 10);
      second.record('settle commit', 3);
      together.record('http parse', 0.05 + index / 1000);
      together.record('http parse', 2 + index / 10);
      together.record('settle commit', 3);
    }
    // As it travels between processes: JSON.
    const raws = [first.raw(), second.raw()].map((raw) => JSON.parse(JSON.stringify(raw)) as typeof raw);
    const merged = new StageTimes();
    for (const raw of raws) merged.add(raw);
    expect(merged.snapshot()).toEqual(together.snapshot());
  });

  it('forgets everything on reset', () => {
    const stages = new StageTimes();
    stages.record('matcher batch', 4);
    stages.reset();
    expect(stages.snapshot()).toEqual({});
    expect(stages.raw()).toEqual({});
    stages.record('matcher batch', 2);
    expect(stages.snapshot()['matcher batch']).toEqual({
      count: 1,
      mean: 2,
      p50: 2,
      p99: 2,
      p999: 2,
      max: 2,
    });
  });
});
