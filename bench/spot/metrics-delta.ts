import { freePort } from '../../test/probes';
import { allSamples } from '../../test/metrics-text';

/**
 * `npm run bench -- spot --metrics`: the exchange's own metrics moving under the load, read as Prometheus
 * reads them. The API serves `/metrics` on its port with the token, the workers on their metrics listener
 * (METRICS_PORT); both are read before an order run's load and after its drain, and every counter and
 * histogram of the exchange that moved is printed with its change: orders accepted and refused per pair,
 * trades and volume, matcher batches (commands per batch, duration), HTTP requests by route and status, and
 * the order latency. With `--api-processes N` above 1, each read of the API reaches one of its processes.
 */
const TOKEN = 'spot-bench-metrics-token';

/** A process's exchange series (counters, and histograms' _count and _sum) and their values at one read. */
type Reading = Map<string, { metric: string; kind: 'counter' | 'histogram'; value: number }>;
export type MetricsReading = Record<'api' | 'workers', Reading>;

/** The environment the bench's processes get, and the reads of both `/metrics`. */
export async function watchMetrics(apiPort: number) {
  const workersPort = await freePort();
  const urls = {
    api: `http://127.0.0.1:${apiPort}/metrics`,
    workers: `http://127.0.0.1:${workersPort}/metrics`,
  };
  return {
    env: { METRICS_TOKEN: TOKEN, METRICS_HOST: '127.0.0.1', METRICS_PORT: String(workersPort) },
    async read(): Promise<MetricsReading> {
      const [api, workers] = await Promise.all([readMetrics(urls.api), readMetrics(urls.workers)]);
      return { api, workers };
    },
  };
}

async function readMetrics(url: string): Promise<Reading> {
  const answer = await fetch(url, { headers: { authorization: `Bearer ${TOKEN}` } });
  if (!answer.ok) throw new Error(`${url} answered ${answer.status}`);
  const text = await answer.text();
  const kinds = new Map<string, string>();
  for (const [, name, kind] of text.matchAll(/^# TYPE (\S+) (\S+)$/gm))
    kinds.set(name as string, kind as string);
  const reading: Reading = new Map();
  for (const sample of allSamples(text)) {
    if (!sample.name.startsWith('exchange_')) continue;
    const histogram = /^(.*)_(sum|count)$/.exec(sample.name)?.[1];
    const kind = kinds.get(sample.name) === 'counter' ? 'counter' : histogram && kinds.get(histogram);
    if (kind !== 'counter' && kind !== 'histogram') continue;
    const labels = Object.entries(sample.labels).map(([key, value]) => `${key}="${value}"`);
    const series = `${sample.name}{${labels.join(',')}}`;
    reading.set(series, { metric: sample.name, kind, value: sample.value });
  }
  return reading;
}

/**
 * Prints, per process, each exchange series that moved between the two reads: a counter's increase; a
 * histogram's observations and their mean (in ms for a `_seconds` histogram). Answers the same for the JSON.
 */
export function printMetricsMoved(
  title: string,
  before: MetricsReading,
  after: MetricsReading,
): Record<string, number> {
  const moved: Record<string, number> = {};
  const rows: [string, string][] = [];
  const change = (part: 'api' | 'workers', series: string) =>
    (after[part].get(series)?.value ?? 0) - (before[part].get(series)?.value ?? 0);
  for (const part of ['api', 'workers'] as const) {
    for (const [series, now] of after[part]) {
      const count = change(part, series);
      if (count === 0 || now.metric.endsWith('_sum')) continue;
      const shown = `${part.padEnd(8)} ${series.replace(/\{\}$/, '')}`;
      moved[`${part} ${series}`] = count;
      if (now.kind === 'counter') {
        rows.push([shown, `+${round(count)}`]);
        continue;
      }
      const sum = change(part, series.replace(/_count\{/, '_sum{'));
      const mean = now.metric.endsWith('_seconds_count')
        ? `${round((sum / count) * 1000)} ms`
        : round(sum / count);
      rows.push([shown, `+${count} observed, mean ${mean}`]);
    }
  }
  console.log(
    `\n== metrics that moved during the ${title}: /metrics of the API and the workers, after - before`,
  );
  const width = Math.max(0, ...rows.map(([shown]) => shown.length));
  for (const [shown, value] of rows) console.log(`  ${shown.padEnd(width)}  ${value}`);
  return moved;
}

const round = (value: number) => Number(value.toFixed(value >= 100 ? 0 : 3));
