import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { HealthReport } from '@exchange/kernel/health';
import { carriesToken, exposeMetrics, METRICS_CONTENT_TYPE, metricsText } from '@exchange/kernel/metrics';

/**
 * Every metric the API defines, in one place (the workers' are in workers/src/metrics.ts). Names follow
 * Prometheus' conventions (`exchange_` prefix, `_total` counters, `_seconds` durations) and every label takes
 * values from a closed set: route patterns (never URLs), status codes, message keys, rule names, worker names.
 * Counters and histograms cost an addition on the request path; whatever needs a query is read at scrape
 * time.
 */
export const apiRegistry = new Registry();
const registers = [apiRegistry];

/** Seconds, from a fast answer to the slow end of a 3-second order wait. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

export const apiMetrics = {
  httpRequests: new Counter({
    name: 'exchange_http_requests_total',
    help: 'HTTP requests answered, by route pattern, method and status code',
    labelNames: ['route', 'method', 'status'] as const,
    registers,
  }),
  httpDuration: new Histogram({
    name: 'exchange_http_request_duration_seconds',
    help: 'Time from a request arriving to its answer, by route pattern',
    labelNames: ['route'] as const,
    buckets: LATENCY_BUCKETS,
    registers,
  }),
  orderRequests: new Counter({
    name: 'exchange_order_requests_total',
    help:
      'Spot orders submitted over HTTP, by what the trader was told: accepted, refused (with the reason) or ' +
      'pending (the matcher had not answered within the wait)',
    labelNames: ['outcome', 'reason'] as const,
    registers,
  }),
  orderLatency: new Histogram({
    name: 'exchange_order_latency_seconds',
    help: 'Time from an order request arriving to its answer (the matcher verdict included)',
    buckets: LATENCY_BUCKETS,
    registers,
  }),
  socketsConnected: new Gauge({
    name: 'exchange_sockets_connected',
    help: 'socket.io connections open on this process',
    registers,
  }),
  rateLimited: new Counter({
    name: 'exchange_rate_limited_total',
    help: 'Attempts refused by a rate limit, by rule',
    labelNames: ['rule'] as const,
    registers,
  }),
  dependencyUp: new Gauge({
    name: 'exchange_dependency_up',
    help: 'Whether Postgres and Redis answer this process (1) or not (0)',
    labelNames: ['dependency'] as const,
    registers,
    async collect() {
      this.reset();
      for (const part of (await latestHealth())?.parts ?? [])
        if (part.kind === 'service') this.set({ dependency: part.name }, part.up ? 1 : 0);
    },
  }),
  workerUp: new Gauge({
    name: 'exchange_worker_up',
    help: 'Whether each worker on the roster has a live heartbeat (1) or not (0)',
    labelNames: ['worker'] as const,
    registers,
    async collect() {
      this.reset();
      for (const part of (await latestHealth())?.parts ?? [])
        if (part.kind === 'worker') this.set({ worker: part.name }, part.up ? 1 : 0);
    },
  }),
  workerBeatAge: new Gauge({
    name: 'exchange_worker_heartbeat_age_seconds',
    help: 'Seconds since each live worker last reported its heartbeat',
    labelNames: ['worker'] as const,
    registers,
    async collect() {
      this.reset();
      for (const part of (await latestHealth())?.parts ?? [])
        if (part.seconds_since_beat !== undefined) this.set({ worker: part.name }, part.seconds_since_beat);
    },
  }),
};

/** Where the health gauges read from: the check of the app built last and still open (one in production). */
const healthSources: (() => Promise<HealthReport>)[] = [];
let healthRead: { at: number; report: Promise<HealthReport | undefined> } | undefined;
/** The three health gauges are collected side by side: one check serves a scrape. */
const HEALTH_REUSE_MS = 1_000;

function latestHealth(): Promise<HealthReport | undefined> {
  const source = healthSources.at(-1);
  if (!source) return Promise.resolve(undefined);
  if (!healthRead || Date.now() - healthRead.at > HEALTH_REUSE_MS)
    healthRead = { at: Date.now(), report: source().catch(() => undefined) };
  return healthRead.report;
}

/** The route label of a request: its pattern for the API, one value for everything else (files, 404s). */
function routeLabel(pattern: string | undefined): string {
  if (pattern === undefined) return 'unmatched';
  return pattern.startsWith('/api/') || pattern === '/metrics' ? pattern : 'static';
}

/**
 * Counts every answer by route and status, feeds the health gauges from `health`, and serves `/metrics` on
 * the public port when METRICS_TOKEN is set (to requests that carry it; without a token it is not there).
 */
export function registerMetrics(app: FastifyInstance, health: () => Promise<HealthReport>): void {
  exposeMetrics(apiRegistry);
  healthSources.push(health);
  healthRead = undefined;
  app.addHook('onClose', (_instance, done) => {
    healthSources.splice(healthSources.indexOf(health), 1);
    healthRead = undefined;
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    const route = routeLabel(request.routeOptions.url);
    apiMetrics.httpRequests.inc({ route, method: request.method, status: reply.statusCode });
    apiMetrics.httpDuration.observe({ route }, reply.elapsedTime / 1000);
    done();
  });
  const token = app.config.METRICS_TOKEN;
  if (!token) return;
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!carriesToken(request.headers.authorization, token))
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer')
        .type('text/plain')
        .send('metrics need the bearer token (METRICS_TOKEN)\n');
    return reply.type(METRICS_CONTENT_TYPE).send(await metricsText());
  });
}

/** What the trader was told of one order: counted by outcome and reason, and how long the answer took. */
export function recordOrderAnswer(
  answer: { refusal: string } | { verdict: { rejectReason: string } | undefined },
  seconds: number,
): void {
  apiMetrics.orderLatency.observe(seconds);
  if ('refusal' in answer) apiMetrics.orderRequests.inc({ outcome: 'refused', reason: answer.refusal });
  else if (!answer.verdict) apiMetrics.orderRequests.inc({ outcome: 'pending', reason: '' });
  else if (answer.verdict.rejectReason)
    apiMetrics.orderRequests.inc({ outcome: 'refused', reason: answer.verdict.rejectReason });
  else apiMetrics.orderRequests.inc({ outcome: 'accepted', reason: '' });
}
