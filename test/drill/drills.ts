import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { createPrisma, type Db } from '@exchange/kernel/db';
import { writeSetting } from '../../apps/api/src/modules/system';
import { seedDatabase } from '../../prisma/seed';
import { createScratchDatabase } from '../../scripts/scratch-database';
import { checkUntilSettled } from './checks';
import { freePort } from '../probes';
import { pause, PrivatePostgres, PrivateRedis, until } from './services';
import { Supervised } from './supervisor';
import { MICRO_SECONDS, PAY_WINDOW_MINUTES, Workload, type Market } from './workload';

/**
 * The crash drills: the exchange runs as two supervised OS processes (the API, and the workers with the
 * matcher, lever risk worker, seconds settler, P2P deadlines and market maker) on a scratch database and a
 * Redis of the drill's own, under a live workload. Each drill breaks one thing, waits until the exchange
 * has recovered by itself (both processes up, `/api/env.json` answers, a new order trades), then checks that
 * nothing acknowledged was lost or applied twice and that the audit is clean.
 */
export const DRILL_NAMES = [
  'api-kill',
  'workers-kill',
  'redis-flushall',
  'redis-restart',
  'postgres-restart',
] as const;
export type DrillName = (typeof DRILL_NAMES)[number];

export interface DrillResult {
  name: DrillName;
  /** Why the drill could not run here. */
  skipped?: string;
  recoveryMs?: number;
  /** When, from the fault, the API answered again (the rest of the recovery is the matcher's). */
  apiBackMs?: number;
  checked: string[];
  problems: string[];
}

export interface DrillOptions {
  drills: readonly DrillName[];
  /** Seconds of workload before each fault, and again (6 at least) after the recovery before the checks. */
  seconds: number;
  /** The port of the drill's own Redis (default: a free one). */
  redisPort?: number;
  traders?: number;
  /** Keep the processes' logs even when every drill passed (they are always kept when one failed). */
  keepLogs?: boolean;
  log: (line: string) => void;
}

const REPO_ROOT = resolve(import.meta.dirname, '../..');
const RECOVERY_TIMEOUT_MS = 120_000;
const CHECK_PATIENCE_MS = 60_000;
const AFTERMATH_MIN_MS = 6_000;

interface Exchange {
  prisma: Db;
  pool: pg.Pool;
  api: Supervised;
  workers: Supervised;
  baseUrl: string;
  redis: PrivateRedis;
  postgres: PrivatePostgres | undefined;
  workload: Workload;
  logDir: string;
}

async function marketOf(prisma: Db): Promise<Market> {
  const usdt = (await prisma.currency.findUniqueOrThrow({ where: { name: 'USDT' } })).id;
  const btc = (await prisma.currency.findUniqueOrThrow({ where: { name: 'BTC' } })).id;
  const pair = await prisma.currencyMatch.findFirstOrThrow({ where: { legal_id: usdt, currency_id: btc } });
  return { usdt, btc, pairId: pair.id };
}

const apiAnswers = async (baseUrl: string) => {
  const response = await fetch(`${baseUrl}/api/env.json`, { signal: AbortSignal.timeout(2_000) });
  return response.ok;
};

/**
 * Proves the matcher runs: a probe buys above the last price and another sells below it, so whichever
 * arrives second crosses something (the first probe or the market maker's quotes). Retries until a probe
 * order has traded; leftovers are cancelled.
 */
async function newOrderTrades(exchange: Exchange, deadline: number): Promise<void> {
  const { workload, pool } = exchange;
  const [buyer, seller] = workload.probes;
  for (;;) {
    const price = await workload.price();
    if (price !== undefined) {
      const buy = await workload.placeSpot(buyer, 1, price * 1.01, '0.0005');
      const sell = await workload.placeSpot(seller, 2, price * 0.99, '0.0005');
      const ids = [buy.id, sell.id].filter((id): id is string => id !== undefined);
      const traded = async () => {
        const { rows } = await pool.query<{ id: string }>(
          'SELECT id::text FROM spot_orders WHERE id = ANY($1::bigint[]) AND filled > 0',
          [ids],
        );
        return rows.length > 0;
      };
      const settled = await until('probe trade', traded, 10_000).then(
        () => true,
        () => false,
      );
      const { rows: open } = await pool
        .query<{ id: string; user_id: number }>(
          `SELECT id::text, user_id FROM spot_orders WHERE id = ANY($1::bigint[]) AND state = 'open'`,
          [ids],
        )
        .catch(() => ({ rows: [] as { id: string; user_id: number }[] }));
      for (const row of open) await workload.cancelSpot(row.user_id === buyer.id ? buyer : seller, row.id);
      if (settled) return;
    }
    if (Date.now() > deadline) throw new Error('no new order traded');
    await pause(500);
  }
}

/** Waits until the exchange works again; answers when, from `since`, the API answered and an order traded. */
async function recovered(
  exchange: Exchange,
  since: number,
  killed?: { process: Supervised; pid: number },
): Promise<{ apiBackMs: number; recoveryMs: number }> {
  const deadline = since + RECOVERY_TIMEOUT_MS;
  const left = () => Math.max(deadline - Date.now(), 1);
  if (killed)
    await until(
      `${killed.process.name} restarted`,
      () => Promise.resolve(killed.process.replaced(killed.pid)),
      left(),
    );
  await until('/api/env.json answers', () => apiAnswers(exchange.baseUrl), left());
  const apiBackMs = Date.now() - since;
  await newOrderTrades(exchange, deadline);
  return { apiBackMs, recoveryMs: Date.now() - since };
}

const FAULTS: Record<
  DrillName,
  (exchange: Exchange) => Promise<{ process: Supervised; pid: number } | undefined>
> = {
  'api-kill': (exchange) => Promise.resolve({ process: exchange.api, pid: exchange.api.kill() }),
  'workers-kill': (exchange) => Promise.resolve({ process: exchange.workers, pid: exchange.workers.kill() }),
  'redis-flushall': async (exchange) => {
    await exchange.redis.flushAll();
    return undefined;
  },
  'redis-restart': async (exchange) => {
    await exchange.redis.restart(2_000);
    return undefined;
  },
  'postgres-restart': async (exchange) => {
    await exchange.postgres?.restart(2_000);
    return undefined;
  },
};

async function runDrill(exchange: Exchange, name: DrillName, seconds: number): Promise<DrillResult> {
  if (name === 'postgres-restart' && !exchange.postgres)
    return { name, skipped: 'no private Postgres cluster could be made here', checked: [], problems: [] };
  exchange.workload.start();
  await pause(seconds * 1_000);
  const since = Date.now();
  let recovery: { apiBackMs: number; recoveryMs: number } | undefined;
  const problems: string[] = [];
  try {
    const killed = await FAULTS[name](exchange);
    recovery = await recovered(exchange, since, killed);
  } catch (error) {
    problems.push(`did not recover: ${(error as Error).message}`);
  }
  // Long enough for the workers' periodic duties (the matcher renews its lease every 5 s) to meet the
  // fault's aftermath; then a new order must still trade.
  await pause(Math.max(seconds * 1_000, AFTERMATH_MIN_MS));
  await newOrderTrades(exchange, Date.now() + 30_000).catch(() =>
    problems.push('a new order no longer traded some seconds after the recovery'),
  );
  await exchange.workload.stop();
  const report = await checkUntilSettled(
    exchange.prisma,
    exchange.pool,
    exchange.workload,
    CHECK_PATIENCE_MS,
  );
  return {
    name,
    ...recovery,
    checked: report.checked,
    problems: [...problems, ...report.problems],
  };
}

function processLogTail(exchange: Exchange, name: string): string {
  try {
    return readFileSync(join(exchange.logDir, `${name}.log`), 'utf8')
      .split('\n')
      .slice(-15)
      .join('\n');
  } catch {
    return '';
  }
}

export interface DrillRun {
  results: DrillResult[];
  /** The workload's calls by kind and outcome (`spot_place:ok` ...). */
  actions: Record<string, number>;
}

export async function runDrills(options: DrillOptions): Promise<DrillRun> {
  const { log } = options;
  const cleanups: (() => Promise<void> | void)[] = [];
  try {
    const redis = await PrivateRedis.start(options.redisPort);
    cleanups.push(() => redis.stop());
    log(`private Redis on port ${redis.port}`);
    let postgres: PrivatePostgres | undefined;
    if (options.drills.includes('postgres-restart')) {
      const made = await PrivatePostgres.create();
      if (made instanceof PrivatePostgres) {
        postgres = made;
        cleanups.push(() => made.remove());
        log(`private Postgres cluster on port ${made.port}`);
      } else {
        log(`SKIPPING the Postgres restart drill: ${made.unavailable}`);
      }
    }
    const scratch = await createScratchDatabase('exchange_drill', postgres?.adminUrl);
    cleanups.push(() => scratch.drop());
    const prisma = createPrisma(scratch.url, 4);
    cleanups.push(() => prisma.$disconnect());
    const pool = new pg.Pool({ connectionString: scratch.url, max: 4 });
    pool.on('error', () => undefined);
    cleanups.push(() => pool.end());
    await seedDatabase(prisma, { demoUsers: true });
    await prisma.microSecond.create({ data: { seconds: MICRO_SECONDS, profit_ratio: '80' } });
    await writeSetting(prisma, 'userLegalDealCancel_time', PAY_WINDOW_MINUTES);

    const logDir = mkdtempSync(join(tmpdir(), 'exchange-drill-logs-'));
    const port = await freePort();
    const env = {
      ...process.env,
      NODE_ENV: 'development',
      DATABASE_URL: scratch.url,
      REDIS_URL: redis.url,
      REDIS_PREFIX: 'drill:',
      PORT: String(port),
      WORKERS: 'off',
      MARKET_MAKER: 'on',
      LOG_LEVEL: 'warn',
      UPLOAD_DIR: join(logDir, 'uploads'),
      WEB_DIST_DIR: join(logDir, 'no-web'),
    };
    const api = new Supervised(
      'api',
      join(REPO_ROOT, 'test/drill/api-process.ts'),
      env,
      join(logDir, 'api.log'),
    );
    const workers = new Supervised(
      'workers',
      join(REPO_ROOT, 'workers/src/main.ts'),
      env,
      join(logDir, 'workers.log'),
    );
    cleanups.push(
      () => api.stop(),
      () => workers.stop(),
    );
    api.start();
    workers.start();
    const baseUrl = `http://127.0.0.1:${port}`;
    log(`API and workers started (logs in ${logDir})`);
    await until('the API answers', () => apiAnswers(baseUrl), 90_000);
    const workload = await Workload.prepare(prisma, pool, () => baseUrl, await marketOf(prisma), {
      traders: options.traders ?? 4,
      buyers: 2,
    });
    cleanups.push(() => workload.stop());
    await until(
      'the market maker trades BTC/USDT',
      async () => (await workload.price()) !== undefined,
      90_000,
    );
    const exchange: Exchange = { prisma, pool, api, workers, baseUrl, redis, postgres, workload, logDir };
    log('workload running');

    const results: DrillResult[] = [];
    for (const name of options.drills) {
      const result = await runDrill(exchange, name, options.seconds);
      results.push(result);
      log(formatResult(result));
      if (result.problems.length > 0)
        for (const process of ['api', 'workers'])
          log(`--- last lines of the ${process} log ---\n${processLogTail(exchange, process)}`);
    }
    log(`processes restarted by the supervisor: api ${api.restarts}, workers ${workers.restarts}`);
    log(`actions: ${JSON.stringify(workload.counts())}`);
    log(`refusals and failed calls: ${JSON.stringify(workload.notes(), undefined, 1)}`);
    if (!options.keepLogs && results.every((result) => result.problems.length === 0))
      cleanups.push(() => rmSync(logDir, { recursive: true, force: true }));
    return { results, actions: workload.counts() };
  } finally {
    for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => undefined);
  }
}

const inSeconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export function formatResult(result: DrillResult): string {
  if (result.skipped) return `${result.name}: SKIPPED (${result.skipped})`;
  const verdict = result.problems.length === 0 ? 'ok' : 'FAILED';
  const recovery =
    result.recoveryMs === undefined
      ? 'did not recover'
      : `recovered in ${inSeconds(result.recoveryMs)} (API answering after ${inSeconds(result.apiBackMs ?? 0)}, then a new order traded)`;
  return [
    `${result.name}: ${verdict}, ${recovery}`,
    ...result.checked.map((line) => `  checked ${line}`),
    ...result.problems.map((line) => `  PROBLEM ${line}`),
  ].join('\n');
}
