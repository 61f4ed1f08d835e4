import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { parser } from '@prometheus-io/lezer-promql';
import { collectDefaultMetrics, Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { apiRegistry } from '../apps/api/src/http/metrics';
import { workersRegistry } from '../workers/src/metrics';
import { createTestContext, type TestContext } from './harness';
import { btcUsdtIds, spotOrder } from './lever';
import { freePort } from './probes';
import {
  CONFIG_FILE,
  prometheusInstalled,
  promtool,
  promtoolInstalled,
  RULES_FILE,
  startPrometheus,
  startWorkersProcess,
  type RunningPrometheus,
} from './prometheus';

/**
 * The alert rules and the dashboard read only metrics the processes define: each expression is parsed with
 * Prometheus' own PromQL grammar (the one its web UI uses), and every metric it selects must be in the API's
 * or the workers' registry, or among Node's default process metrics. Where Debian's `prometheus` package is
 * installed (.ci/run installs it), promtool checks the rules and the config too, and a real Prometheus
 * scrapes a running API and workers with the repository's rules; elsewhere those tests say they skipped.
 */
interface Rule {
  alert: string;
  expr: string;
  for?: string;
  labels: { severity: string };
  annotations: { summary: string; runbook: string };
}
const rules = (
  parse(readFileSync(RULES_FILE, 'utf8')) as {
    groups: { name: string; rules: Rule[] }[];
  }
).groups.flatMap((group) => group.rules);

interface Panel {
  title: string;
  type: string;
  targets?: { expr: string }[];
}
const dashboard = JSON.parse(readFileSync('ops/monitoring/grafana/dashboards/exchange.json', 'utf8')) as {
  uid: string;
  panels: Panel[];
};

/** Every series name the processes can expose (histograms as their _bucket, _sum and _count series). */
function exposedNames(): Set<string> {
  const defaults = new Registry();
  collectDefaultMetrics({ register: defaults });
  const names = new Set(['up']);
  for (const registry of [apiRegistry, workersRegistry, defaults]) {
    for (const metric of registry.getMetricsAsArray()) {
      const { name, type } = metric as unknown as { name: string; type: string };
      names.add(name);
      if (type === 'histogram') for (const suffix of ['_bucket', '_sum', '_count']) names.add(name + suffix);
    }
  }
  return names;
}
const exposed = exposedNames();

/** The metric names an expression selects; throws where PromQL's grammar finds an error. */
function selectedMetrics(expr: string): string[] {
  const names: string[] = [];
  const errors: number[] = [];
  parser.parse(expr).iterate({
    enter: (node) => {
      if (node.type.isError) errors.push(node.from);
      if (node.name === 'Identifier' && node.node.parent?.name === 'VectorSelector')
        names.push(expr.slice(node.from, node.to));
    },
  });
  if (errors.length > 0) throw new Error(`not PromQL at ${errors.join(', ')}: ${expr}`);
  return names;
}

const readme = readFileSync('README.md', 'utf8');

describe('Prometheus alert rules (ops/monitoring/prometheus/alerts.yml)', () => {
  it('covers what operators must hear about', () => {
    expect(rules.map((rule) => rule.alert)).toEqual(
      expect.arrayContaining([
        'MatcherLagging',
        'LedgerAuditNotClean',
        'HighErrorRate',
        'QueueGrowing',
        'WorkerSilent',
        'LiquidationsBeyondInsuranceFund',
        'PostgresDown',
        'RedisDown',
      ]),
    );
    expect(new Set(rules.map((rule) => rule.alert)).size).toBe(rules.length);
  });

  it.each(rules.map((rule) => [rule.alert, rule] as const))(
    '%s is PromQL reading only defined metrics, with a severity and a runbook in the README',
    (_name, rule) => {
      const metrics = selectedMetrics(rule.expr);
      expect(metrics.length).toBeGreaterThan(0);
      for (const metric of metrics) expect(exposed, metric).toContain(metric);
      expect(['critical', 'warning']).toContain(rule.labels.severity);
      expect(rule.annotations.summary).toBeTruthy();
      if (rule.for !== undefined) expect(rule.for).toMatch(/^\d+[smh]$/);
      // The runbook is the README section named after the alert (GitHub's anchor: the heading, lower-cased).
      expect(rule.annotations.runbook).toBe(`README.md#${rule.alert.toLowerCase()}`);
      expect(readme).toMatch(new RegExp(`^#### ${rule.alert}$`, 'm'));
    },
  );

  it('refuses what is not PromQL, so a typo cannot pass as a rule', () => {
    expect(() => selectedMetrics('sum(rate(exchange_trades_total[5m])')).toThrow(/not PromQL/);
    expect(selectedMetrics('max by (pair) (exchange_matcher_stream_lag_seconds) > 5')).toEqual([
      'exchange_matcher_stream_lag_seconds',
    ]);
  });
});

describe('Grafana dashboard (ops/monitoring/grafana/dashboards/exchange.json)', () => {
  const graphs = dashboard.panels.filter((panel) => panel.type !== 'row');

  it('queries only defined metrics, in PromQL', () => {
    expect(graphs.length).toBeGreaterThan(20);
    for (const panel of graphs) {
      expect(panel.targets?.length, panel.title).toBeGreaterThan(0);
      for (const target of panel.targets ?? [])
        for (const metric of selectedMetrics(target.expr))
          expect(exposed, `${panel.title}: ${metric}`).toContain(metric);
    }
  });

  it('shows every metric the exchange defines', () => {
    const shown = new Set(
      graphs.flatMap((panel) => (panel.targets ?? []).flatMap((t) => selectedMetrics(t.expr))),
    );
    const base = (name: string) => name.replace(/_(bucket|sum|count)$/, '');
    const shownBases = new Set([...shown].map(base));
    const defined = [apiRegistry, workersRegistry].flatMap((registry) =>
      registry.getMetricsAsArray().map((metric) => (metric as unknown as { name: string }).name),
    );
    expect(defined.filter((name) => !shown.has(name) && !shownBases.has(name))).toEqual([]);
  });
});

describe('metric names', () => {
  it('follow Prometheus conventions: an exchange_ prefix, _total counters, base units', () => {
    for (const registry of [apiRegistry, workersRegistry]) {
      for (const metric of registry.getMetricsAsArray()) {
        const { name, type } = metric as unknown as { name: string; type: string };
        expect(name).toMatch(/^exchange_[a-z0-9_]+$/);
        if (type === 'counter') expect(name, name).toMatch(/_total$/);
        else expect(name, name).not.toMatch(/_total$/);
        expect(name, name).not.toMatch(/_(ms|milliseconds|minutes)$/);
      }
    }
  });
});

const skippedWithout = (installed: boolean) =>
  installed ? '' : ' (SKIPPED: promtool and prometheus are not installed: apt-get install prometheus)';

describe(`promtool${skippedWithout(promtoolInstalled)}`, () => {
  it.skipIf(!promtoolInstalled)('checks the alert rules', () => {
    const { code, output } = promtool('check', 'rules', RULES_FILE);
    expect(code, output).toBe(0);
    expect(output).toContain(`SUCCESS: ${rules.length} rules found`);
  });

  it.skipIf(!promtoolInstalled)('checks the Prometheus config, with the rule files it names', () => {
    const { code, output } = promtool('check', 'config', CONFIG_FILE);
    expect(code, output).toBe(0);
    expect(output).toContain('is valid prometheus config file syntax');
    expect(output).toContain('SUCCESS: 1 rule files found');
  });
});

/**
 * A real Prometheus on the repository's config and rules (targets moved to this machine), scraping the API
 * (its public port's `/metrics`, with the token) and the workers in a process of their own (their metrics
 * listener), as the compose profile scrapes the api and workers services.
 */
const withPrometheus = promtoolInstalled && prometheusInstalled;
describe.skipIf(!withPrometheus)(`a real Prometheus${skippedWithout(withPrometheus)}`, () => {
  const TOKEN = 'metrics-token-of-the-prometheus-test';
  let ctx: TestContext;
  let workers: { stop: () => Promise<void> } | undefined;
  let prometheus: RunningPrometheus | undefined;

  beforeAll(async () => {
    ctx = await createTestContext({ METRICS_TOKEN: TOKEN });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const workersPort = await freePort();
    workers = await startWorkersProcess({
      NODE_ENV: 'test',
      DATABASE_URL: ctx.databaseUrl,
      REDIS_URL: ctx.redisUrl,
      REDIS_PREFIX: ctx.config.REDIS_PREFIX,
      METRICS_HOST: '127.0.0.1',
      METRICS_PORT: String(workersPort),
      METRICS_TOKEN: TOKEN,
      MARKET_MAKER: 'off',
      LOG_LEVEL: 'silent',
    });
    prometheus = await startPrometheus({
      metricsToken: TOKEN,
      targets: {
        'exchange-api': `127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`,
        'exchange-workers': `127.0.0.1:${workersPort}`,
      },
    });
  }, 240_000);
  afterAll(async () => {
    await prometheus?.stop();
    await workers?.stop();
    await ctx?.close();
  }, 60_000);

  interface Target {
    labels: { job: string };
    health: string;
    lastError: string;
  }

  it('scrapes the API, the workers and itself: every target up', async () => {
    const targets = async () =>
      (await prometheus!.api<{ activeTargets: Target[] }>('/api/v1/targets')).activeTargets;
    await expect
      .poll(async () => (await targets()).map((target) => [target.labels.job, target.health]).sort(), {
        timeout: 30_000,
      })
      .toEqual([
        ['exchange-api', 'up'],
        ['exchange-workers', 'up'],
        ['prometheus', 'up'],
      ]);
  });

  it('loads every rule of the repository and evaluates each without an error', async () => {
    type Loaded = { name: string; health: string; lastError?: string };
    const loaded = async () =>
      (await prometheus!.api<{ groups: { rules: Loaded[] }[] }>('/api/v1/rules')).groups.flatMap(
        (group) => group.rules,
      );
    expect((await loaded()).map((rule) => rule.name).sort()).toEqual(rules.map((rule) => rule.alert).sort());
    await expect
      .poll(async () => (await loaded()).filter((rule) => rule.health !== 'ok'), { timeout: 30_000 })
      .toEqual([]);
  });

  it('answers queries of the exchange’s metrics as orders go through the contract', async () => {
    const pair = await btcUsdtIds(ctx);
    const seller = await ctx.signedInUser();
    const buyer = await ctx.signedInUser();
    await ctx.deposit(seller.account, 'BTC', '1');
    await ctx.deposit(buyer.account, 'USDT', '1000');
    expect((await spotOrder(ctx, seller.token, pair, 'sell', '100', '0.5')).body.order.state).toBe('open');
    expect((await spotOrder(ctx, buyer.token, pair, 'buy', '101', '0.3')).body.order.state).toBe('filled');

    type Vector = { metric: Record<string, string>; value: [number, string] }[];
    const query = async (expr: string) =>
      (
        await prometheus!.api<{ result: Vector }>(`/api/v1/query?query=${encodeURIComponent(expr)}`)
      ).result.map((series) => ({ ...series.metric, value: Number(series.value[1]) }));
    // From the workers: what the matcher decided and traded; from the API: what the traders were answered.
    await expect
      .poll(() => query('sum by (job, pair) (exchange_orders_total{outcome="accepted"})'), {
        timeout: 30_000,
      })
      .toEqual([{ job: 'exchange-workers', pair: 'BTC/USDT', value: 2 }]);
    expect(await query('sum by (job, pair) (exchange_trades_total)')).toEqual([
      { job: 'exchange-workers', pair: 'BTC/USDT', value: 1 },
    ]);
    await expect
      .poll(
        () => query('sum by (job) (exchange_http_requests_total{route="/api/coin/trade", status="200"})'),
        { timeout: 30_000 },
      )
      .toEqual([{ job: 'exchange-api', value: 2 }]);
    expect(await query('min by (job) (up)')).toHaveLength(3);
  });
});
