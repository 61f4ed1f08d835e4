import { readFileSync } from 'node:fs';
import { parser } from '@prometheus-io/lezer-promql';
import { collectDefaultMetrics, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { apiRegistry } from '../apps/api/src/http/metrics';
import { workersRegistry } from '../workers/src/metrics';

/**
 * The alert rules and the dashboard read only metrics the processes define: each expression is parsed with
 * Prometheus' own PromQL grammar (the one its web UI uses; promtool itself is not packaged for npm), and every
 * metric it selects must be in the API's or the workers' registry, or among Node's default process metrics.
 */
interface Rule {
  alert: string;
  expr: string;
  for?: string;
  labels: { severity: string };
  annotations: { summary: string; runbook: string };
}
const rules = (
  parse(readFileSync('ops/monitoring/prometheus/alerts.yml', 'utf8')) as {
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
