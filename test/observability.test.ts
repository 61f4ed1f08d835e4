import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exchangeHealth } from '../apps/api/src/http/health';
import { registerMetrics } from '../apps/api/src/http/metrics';
import { startMetricsListener } from '@exchange/kernel/metrics';
import { startWorkers, WORKER_NAMES, type RunningWorkers } from '../workers/src';
import { useTestContext } from './harness';
import { samples, valueOf, type Labels } from './metrics-text';

/** Workers these tests do not start: the demo market maker, and the chain's (no EVM node here). */
const OPTIONAL_WORKERS = new Set<string>(['market-maker', 'evm-watcher', 'evm-signer']);

/**
 * Operating the exchange: `/metrics` (protected), the metrics moving as orders are placed through the HTTP
 * contract, and `/api/health` naming what is down, against real Postgres, Redis and workers.
 */
const TOKEN = 'metrics-token-of-the-tests';
const ctx = useTestContext({ METRICS_TOKEN: TOKEN });
let workers: RunningWorkers | undefined;
afterAll(() => workers?.stop());

const scrape = async () => {
  const answer = await ctx.http.get('/metrics').set('Authorization', `Bearer ${TOKEN}`);
  expect(answer.status).toBe(200);
  return answer.text;
};

const health = (query = '') => ctx.http.get(`/api/health${query}`);

describe('health before any worker runs', () => {
  it('names the workers as down while Postgres and Redis are up, and the API alone as healthy', async () => {
    const answer = await health();
    expect(answer.status).toBe(503);
    expect(answer.body).toEqual({
      type: 'error',
      message: 'down: workers',
      parts: [
        { name: 'postgres', kind: 'service', up: true },
        { name: 'redis', kind: 'service', up: true },
        { name: 'workers', kind: 'worker', up: false },
      ],
    });
    const apiAlone = await health('?scope=api');
    expect(apiAlone.status).toBe(200);
    expect(apiAlone.body).toMatchObject({ type: 'ok', message: 'healthy' });
  });
});

describe('/metrics', () => {
  it('refuses a scrape without the token or with a wrong one, and serves the metrics with it', async () => {
    const without = await ctx.http.get('/metrics');
    expect(without.status).toBe(401);
    expect(without.text).not.toContain('exchange_');
    const wrong = await ctx.http.get('/metrics').set('Authorization', 'Bearer metrics-token-of-the-guess');
    expect(wrong.status).toBe(401);
    const text = await scrape();
    expect(samples(text, 'process_cpu_seconds_total')).toHaveLength(1);
    expect(text).toContain('# TYPE exchange_http_requests_total counter');
    expect(
      valueOf(text, 'exchange_http_requests_total', { route: '/api/health', method: 'GET', status: '503' }),
    ).toBeGreaterThanOrEqual(1);
  });

  it('is not on the public port at all when no token is set', async () => {
    const tokenless = Fastify();
    tokenless.decorate('config', { ...ctx.config, METRICS_TOKEN: undefined });
    registerMetrics(tokenless, () => exchangeHealth(ctx.app));
    try {
      const answer = await tokenless.inject({ url: '/metrics' });
      expect(answer.statusCode).toBe(404);
      expect(answer.body).not.toContain('exchange_');
    } finally {
      await tokenless.close();
    }
  });

  it('serves /metrics on a listener of its own, asking the token there too', async () => {
    const listener = await startMetricsListener({ host: '127.0.0.1', port: 0, token: TOKEN });
    try {
      const url = `http://127.0.0.1:${listener.port}/metrics`;
      expect((await fetch(url)).status).toBe(401);
      expect((await fetch(url, { headers: { authorization: 'Bearer not-the-token-at-all' } })).status).toBe(
        401,
      );
      const answer = await fetch(url, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(answer.status).toBe(200);
      expect(await answer.text()).toContain('exchange_sockets_connected');
      expect((await fetch(`http://127.0.0.1:${listener.port}/other`)).status).toBe(404);
    } finally {
      await listener.close();
    }
  });
});

describe('with the workers running', () => {
  beforeAll(async () => {
    workers = await startWorkers({
      prisma: ctx.prisma,
      databaseUrl: ctx.databaseUrl,
      marketMaker: false,
      audit: () => ctx.audit(),
      redisUrl: ctx.redisUrl,
      redisPrefix: ctx.config.REDIS_PREFIX,
      log: () => undefined,
      heartbeat: { everyMs: 200, ttlMs: 1_000 },
    });
  });

  it('reports every worker up by its heartbeat', async () => {
    await expect.poll(async () => (await health()).status, { timeout: 10_000 }).toBe(200);
    const answer = await health();
    expect(answer.body.message).toBe('healthy');
    const names = answer.body.parts.map((part: { name: string }) => part.name);
    expect(names.sort()).toEqual(
      ['postgres', 'redis', ...WORKER_NAMES.filter((name) => !OPTIONAL_WORKERS.has(name))].sort(),
    );
  });

  it('moves the order, trade, batch and HTTP metrics as orders go through the contract', async () => {
    const [usdt, btc] = await ctx.currencyIds('USDT', 'BTC');
    const pair = await ctx.prisma.currencyMatch.findFirstOrThrow({
      where: { legal_id: usdt, currency_id: btc },
    });
    const order = (token: string, type: 1 | 2, price: string, amount: string) =>
      ctx.post(
        '/api/coin/trade',
        { legal_id: usdt, currency_id: btc, type, target_price: price, amount },
        token,
      );
    const seller = await ctx.signedInUser();
    const buyer = await ctx.signedInUser();
    const penniless = await ctx.signedInUser();
    await ctx.deposit(seller.account, 'BTC', '1');
    await ctx.deposit(buyer.account, 'USDT', '1000');
    const before = await scrape();

    expect((await order(seller.token, 2, '100', '0.5')).body.order.state).toBe('open');
    expect((await order(buyer.token, 1, '101', '0.3')).body.order.state).toBe('filled');
    const broke = await order(penniless.token, 1, '100', '1');
    expect(broke.body.type).toBe('error');
    const tooPrecise = await order(buyer.token, 1, '100', `0.${'0'.repeat(pair.amount_decimals)}1`);
    expect(tooPrecise.body.type).toBe('error');

    const moved = async (name: string, labels: Labels = {}) =>
      valueOf(await scrape(), name, labels) - valueOf(before, name, labels);
    const market = { pair: 'BTC/USDT' };
    // What the matcher decided, per pair and reason.
    await expect
      .poll(() => moved('exchange_orders_total', { ...market, outcome: 'accepted', reason: '' }))
      .toBe(2);
    expect(
      await moved('exchange_orders_total', { ...market, outcome: 'refused', reason: 'balance_insufficient' }),
    ).toBe(1);
    expect(await moved('exchange_trades_total', market)).toBe(1);
    expect(await moved('exchange_trade_base_volume_total', market)).toBeCloseTo(0.3, 9);
    expect(await moved('exchange_trade_quote_volume_total', market)).toBeCloseTo(30, 9);
    expect(await moved('exchange_matcher_batch_commands_count', market)).toBeGreaterThanOrEqual(1);
    expect(await moved('exchange_matcher_batch_commands_sum', market)).toBeGreaterThanOrEqual(3);
    expect(await moved('exchange_matcher_batch_duration_seconds_count', market)).toBeGreaterThanOrEqual(1);
    // What the traders were told, and how long it took.
    expect(await moved('exchange_order_requests_total', { outcome: 'accepted', reason: '' })).toBe(2);
    expect(
      await moved('exchange_order_requests_total', { outcome: 'refused', reason: 'balance_insufficient' }),
    ).toBe(1);
    expect(
      await moved('exchange_order_requests_total', { outcome: 'refused', reason: 'amount_too_precise' }),
    ).toBe(1);
    expect(await moved('exchange_order_latency_seconds_count')).toBe(4);
    await expect
      .poll(() =>
        moved('exchange_http_requests_total', { route: '/api/coin/trade', method: 'POST', status: '200' }),
      )
      .toBe(4);
    expect(await moved('exchange_http_request_duration_seconds_count', { route: '/api/coin/trade' })).toBe(4);
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('reads stream lag, queue depths, deadlines, seconds orders due and the ledger audit when scraped', async () => {
    const text = await scrape();
    const lag = samples(text, 'exchange_matcher_stream_lag_seconds').find(
      (sample) => sample.labels.pair === 'BTC/USDT',
    );
    expect(lag?.value).toBeLessThan(5);
    expect(valueOf(text, 'exchange_matcher_stream_entries', { pair: 'BTC/USDT' })).toBe(0);
    expect(samples(text, 'exchange_queue_jobs').map((sample) => sample.labels.queue)).toEqual(
      expect.arrayContaining(['maintenance', 'p2p-deadlines', 'micro-settle', 'savings', 'lever']),
    );
    expect(samples(text, 'exchange_p2p_deadlines')).toEqual(
      expect.arrayContaining([
        { labels: { kind: 'order-expire', state: 'pending' }, value: 0 },
        { labels: { kind: 'acceptor-confirm', state: 'overdue' }, value: 0 },
      ]),
    );
    expect(samples(text, 'exchange_micro_orders_due')).toEqual([{ labels: {}, value: 0 }]);
    expect(samples(text, 'exchange_lever_accounts_at_risk')).toEqual([{ labels: {}, value: 0 }]);
    expect(samples(text, 'exchange_sockets_connected')).toHaveLength(1);
    // The maintenance job audits the ledger at start; its result and time are what the alerts read.
    await expect
      .poll(async () => valueOf(await scrape(), 'exchange_ledger_audit_ok'), { timeout: 15_000 })
      .toBe(1);
    const audited = await scrape();
    expect(valueOf(audited, 'exchange_ledger_audit_problems')).toBe(0);
    const auditedAt = valueOf(audited, 'exchange_ledger_audit_last_run_timestamp_seconds');
    expect(Date.now() / 1000 - auditedAt).toBeLessThan(60);
    for (const name of WORKER_NAMES.filter((worker) => !OPTIONAL_WORKERS.has(worker)))
      expect(valueOf(audited, 'exchange_worker_up', { worker: name }), name).toBe(1);
    expect(valueOf(audited, 'exchange_dependency_up', { dependency: 'postgres' })).toBe(1);
    expect(valueOf(audited, 'exchange_dependency_up', { dependency: 'redis' })).toBe(1);
  });

  it('names a stopped worker in /api/health and its metric, while the others stay up', async () => {
    await workers?.stopWorker('lever-risk');
    await expect.poll(async () => (await health()).status, { timeout: 10_000 }).toBe(503);
    const answer = await health();
    expect(answer.body.type).toBe('error');
    expect(answer.body.message).toBe('down: lever-risk');
    const parts = Object.fromEntries(
      answer.body.parts.map((part: { name: string; up: boolean }) => [part.name, part.up]),
    );
    expect(parts).toMatchObject({ postgres: true, redis: true, matcher: true, 'lever-risk': false });
    const text = await scrape();
    expect(valueOf(text, 'exchange_worker_up', { worker: 'lever-risk' })).toBe(0);
    expect(valueOf(text, 'exchange_worker_up', { worker: 'matcher' })).toBe(1);
    // The API alone still serves: its own check (docker-compose's) stays green.
    expect((await health('?scope=api')).status).toBe(200);
  });
});
