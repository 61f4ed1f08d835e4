import { timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { collectDefaultMetrics, Registry } from 'prom-client';

/**
 * What `/metrics` serves in a process: Node's default process metrics, plus the registry of each part the
 * process runs (the API's, the workers': `npm start` runs both in one process). Each part defines its metrics
 * in one module (apps/api/src/http/metrics.ts, workers/src/metrics.ts) and exposes its registry here when it
 * starts; the names of two parts never overlap, so their texts are simply put one after the other.
 */
const processRegistry = new Registry();
const exposed = new Set<Registry>();
let defaultsCollected = false;

/** Adds a part's registry to what this process's `/metrics` serves (once; again is harmless). */
export function exposeMetrics(registry: Registry): void {
  if (!defaultsCollected) {
    collectDefaultMetrics({ register: processRegistry });
    defaultsCollected = true;
  }
  exposed.add(registry);
}

export const METRICS_CONTENT_TYPE = processRegistry.contentType;

/** The process's metrics in Prometheus' text format. */
export async function metricsText(): Promise<string> {
  const texts = await Promise.all([processRegistry, ...exposed].map((registry) => registry.metrics()));
  return texts.filter(Boolean).join('\n');
}

/**
 * Whether an Authorization header carries the metrics token (`Bearer <token>`, or the bare token). Compared
 * in constant time, so the answer's timing tells nothing of how much of a guess was right.
 */
export function carriesToken(header: string | undefined, token: string): boolean {
  const sent = Buffer.from((header ?? '').replace(/^Bearer\s+/i, ''));
  const expected = Buffer.from(token);
  return sent.length === expected.length && timingSafeEqual(sent, expected);
}

/** The answer of a process's liveness check: an HTTP status and a JSON body. */
export interface HealthAnswer {
  status: number;
  body: unknown;
}

export interface MetricsListenerOptions {
  host: string;
  port: number;
  /** When set, `/metrics` answers only requests that carry it (see carriesToken). */
  token?: string | undefined;
  /** `/health` on the same listener: the process's own liveness (the workers' docker health check). */
  health?: () => Promise<HealthAnswer>;
}

/**
 * The metrics listener of a process, on its own address and port (METRICS_HOST, METRICS_PORT), away from
 * the public one: `GET /metrics` (with the token when one is set) and `GET /health`. Resolves once listening;
 * the answer closes it.
 */
export async function startMetricsListener(options: MetricsListenerOptions): Promise<{
  port: number;
  close: () => Promise<void>;
}> {
  const server: Server = createServer((request, response) => {
    answer(request, response, options).catch(() => {
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain' });
      response.end('metrics unavailable\n');
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : options.port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function answer(
  request: IncomingMessage,
  response: ServerResponse,
  options: MetricsListenerOptions,
): Promise<void> {
  const path = (request.url ?? '').split('?')[0];
  if (request.method !== 'GET') {
    response.writeHead(405, { allow: 'GET', 'content-type': 'text/plain' }).end('GET only\n');
  } else if (path === '/metrics') {
    if (options.token && !carriesToken(request.headers.authorization, options.token)) {
      response
        .writeHead(401, { 'www-authenticate': 'Bearer', 'content-type': 'text/plain' })
        .end('metrics need the bearer token (METRICS_TOKEN)\n');
      return;
    }
    const body = await metricsText();
    response.writeHead(200, { 'content-type': METRICS_CONTENT_TYPE }).end(body);
  } else if (path === '/health' && options.health) {
    const health = await options.health();
    response
      .writeHead(health.status, { 'content-type': 'application/json' })
      .end(JSON.stringify(health.body));
  } else {
    response.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
  }
}

/** Settles with `fallback` when `work` takes longer than `ms`: a scrape must not hang on a stuck service. */
export function within<T>(work: Promise<T>, ms: number, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback), ms);
  });
  return Promise.race([work.catch(() => fallback), late]).finally(() => clearTimeout(timer));
}
