import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import pg from 'pg';
import { buildApp } from '../../apps/api/src/app';
import { loadConfig } from '@exchange/kernel/config';
import { migrate, createPrisma, type Db } from '@exchange/kernel/db';
import { createRedis } from '@exchange/kernel/redis';
import { createMessenger } from '../../apps/api/src/modules/verification';
import { evmSignerOf, startWorkers } from '../../workers/src';
import { seedDatabase } from '../../prisma/seed';
import { databaseUrl } from '../services';
import { freePort, redisAnswers } from '../probes';
import { parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { startAnvil, type Anvil } from '../chain/anvil';

/**
 * The browser tests' exchange: the real app and the real workers (matcher and market maker, so the book and
 * the candles are alive) on a fresh, migrated and seeded database of their own and a Redis key prefix of
 * their own, serving the freshly built web client on a free port.
 *
 * Environment: DATABASE_URL (an admin URL of the Postgres to create the database on; default the local
 * postgres), REDIS_URL (default the local Redis), CHROMIUM_PATH (default /usr/bin/chromium),
 * BROWSER_WEB_DIST (build the client there instead of apps/web/dist) and BROWSER_SKIP_BUILD=1 (reuse a
 * build that is already there).
 */
export const REPO_ROOT = resolve(import.meta.dirname, '../..');
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ADMIN_URL = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
export const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const DATABASE_PREFIX = 'exchange_browser_';

export interface BrowserServer {
  baseUrl: string;
  databaseUrl: string;
  /** The key prefix of this run's Redis keys (the operator CLI pushes through it). */
  redisPrefix: string;
  /** The local chain (anvil) whose ETH deposits the exchange watches. */
  anvilRpcUrl: string;
  stop: () => Promise<void>;
}

export function assertChromium(): void {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `The browser tests drive Chromium, which is not installed at ${CHROMIUM_PATH}. ` +
        'Install it with `apt-get install -y chromium` (Debian/Ubuntu), or point CHROMIUM_PATH at a Chromium binary.',
    );
  }
}

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((done, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0
        ? done()
        : reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? `exit ${code}`})`)),
    );
  });
}

/**
 * `npm run build` of the web client (vite build, then the bundle budget); answers the dist folder. Runs
 * while the market maker warms the markets up, so it does not hold the event loop.
 */
async function buildWebClient(): Promise<string> {
  const webRoot = join(REPO_ROOT, 'apps/web');
  const custom = process.env.BROWSER_WEB_DIST;
  const dist = custom ? resolve(custom) : join(webRoot, 'dist');
  if (process.env.BROWSER_SKIP_BUILD === '1' && existsSync(join(dist, 'index.html'))) return dist;
  // Vitest sets NODE_ENV=test, which would give Vite React's development build: build as a user would.
  const env = { ...process.env, NODE_ENV: 'production' };
  if (custom) {
    await run('npx', ['vite', 'build', '--outDir', dist, '--emptyOutDir'], webRoot, env);
    await run('node', ['scripts/bundle-budget.mjs', dist], webRoot, env);
  } else {
    await run('npm', ['run', 'build'], webRoot, env);
  }
  return dist;
}

async function withAdmin<T>(work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 5_000 });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(
      `The browser tests need Postgres at ${ADMIN_URL} (set DATABASE_URL): ${(error as Error).message}`,
    );
  }
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

const processAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Creates this run's database, first dropping the ones earlier runs left behind when they were killed. */
async function createDatabase(name: string): Promise<void> {
  await withAdmin(async (admin) => {
    const leftovers = await admin.query<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE datname LIKE $1',
      [`${DATABASE_PREFIX}%`],
    );
    for (const { datname } of leftovers.rows) {
      const pid = Number(datname.slice(DATABASE_PREFIX.length));
      if (datname === name || (Number.isInteger(pid) && !processAlive(pid))) {
        await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
      }
    }
    await admin.query(`CREATE DATABASE "${name}"`);
  });
}

async function dropDatabase(name: string): Promise<void> {
  await withAdmin((admin) => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
}

const REDIS_PREFIX_ROOT = 'browser:';

/**
 * Deletes this run's keys, and those of earlier runs that were killed before they could clean up (their
 * process is gone). The keys are written through ioredis key prefixes and BullMQ prefixes; SCAN sees them
 * whole, and this client has no prefix of its own, so DEL gets them as they are.
 */
async function clearRedisKeys(ownPrefix: string): Promise<void> {
  const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
  const owned = (key: string) => {
    if (key.startsWith(ownPrefix)) return true;
    const pid = Number(key.slice(REDIS_PREFIX_ROOT.length).split(':')[0]);
    return Number.isInteger(pid) && pid > 0 && !processAlive(pid);
  };
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${REDIS_PREFIX_ROOT}*`, 'COUNT', 1000);
      cursor = next;
      const stale = keys.filter(owned);
      if (stale.length > 0) await redis.del(...stale);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

interface Quotations {
  type: string;
  message: { quotation: { symbol: string; now_price: string }[] }[];
}

/**
 * Waits until the market maker quotes both sides of BTC/USDT and has traded it (the chart has a candle),
 * and, until `settleBy`, for every other listed pair to trade once too, so the screenshots show a live
 * exchange rather than prices of 0 (the maker takes from one random pair at a time, so that can take a while).
 */
async function waitForLiveMarket(baseUrl: string, settleBy: number, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const book = () =>
    fetch(`${baseUrl}/api/transaction/deal`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'legal_id=1&currency_id=2',
    }).then((answer) => answer.json() as Promise<{ message?: { in?: unknown[]; out?: unknown[] } }>);
  const quotations = () =>
    fetch(`${baseUrl}/api/currency/quotation_new`).then((answer) => answer.json() as Promise<Quotations>);
  for (;;) {
    const [depth, groups] = await Promise.all([book(), quotations()]);
    const untraded = groups.message
      .flatMap((group) => group.quotation)
      .filter((quotation) => !(Number(quotation.now_price) > 0))
      .map((quotation) => quotation.symbol);
    const bookAlive = (depth.message?.in?.length ?? 0) > 0 && (depth.message?.out?.length ?? 0) > 0;
    const btcReady = bookAlive && !untraded.includes('BTC/USDT');
    if (btcReady && (untraded.length === 0 || Date.now() > settleBy)) return;
    if (Date.now() > deadline) {
      throw new Error(
        `the market maker did not get BTC/USDT going in ${timeoutMs / 1000} s ` +
          `(book ${bookAlive ? 'quoted' : 'empty'}; never traded: ${untraded.join(', ')})`,
      );
    }
    await new Promise((wake) => setTimeout(wake, 500));
  }
}

export async function startBrowserServer(): Promise<BrowserServer> {
  assertChromium();
  if (!(await redisAnswers(REDIS_URL))) {
    throw new Error(`The browser tests need Redis at ${REDIS_URL} (set REDIS_URL): it does not answer`);
  }

  const database = `${DATABASE_PREFIX}${process.pid}`;
  const url = databaseUrl(ADMIN_URL, database);
  const redisPrefix = `${REDIS_PREFIX_ROOT}${process.pid}:`;
  const uploadDir = mkdtempSync(join(tmpdir(), 'exchange-browser-uploads-'));

  let prisma: Db | undefined;
  let redis: Redis | undefined;
  let app: FastifyInstance | undefined;
  let stopWorkers: (() => Promise<void>) | undefined;
  let anvil: Anvil | undefined;
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await stopWorkers?.().catch(() => undefined);
    await app?.close().catch(() => undefined);
    await anvil?.stop();
    redis?.disconnect();
    await prisma?.$disconnect().catch(() => undefined);
    await clearRedisKeys(redisPrefix).catch(() => undefined);
    await dropDatabase(database);
    rmSync(uploadDir, { recursive: true, force: true });
  };

  try {
    await clearRedisKeys(redisPrefix);
    await createDatabase(database);
    await migrate(url);
    prisma = createPrisma(url, 10);
    await seedDatabase(prisma, { demoUsers: true });
    // A real chain, as an operator configures one: ETH deposits are watched and credited after 3 blocks,
    // and approved withdrawals paid from a hot wallet of its own (no user's deposit address).
    anvil = await startAnvil();
    const hotKey = generatePrivateKey();
    await anvil.sendEth(privateKeyToAccount(hotKey).address, parseEther('50'));
    const chain = {
      EVM_RPC_URL: anvil.rpcUrl,
      EVM_CHAIN_ID: String(anvil.chainId),
      EVM_CONFIRMATIONS_ETH: '3',
      EVM_POLL_MS: '300',
      EVM_HOT_WALLET_KEY: hotKey,
    };
    const chainConfig = loadConfig({ NODE_ENV: 'test', DATABASE_URL: url, REDIS_URL, ...chain });

    // The workers first: the market maker fills the books while the client builds.
    ({ stop: stopWorkers } = await startWorkers({
      prisma,
      databaseUrl: url,
      marketMaker: true,
      redisUrl: REDIS_URL,
      redisPrefix,
      evm: chainConfig.EVM,
      evmSigner: evmSignerOf(chainConfig),
      log: (fields, message) => {
        if (/fail/i.test(message)) console.error(`[browser tests] workers: ${message}`, fields);
      },
    }));
    const settleBy = Date.now() + 45_000;
    const webDist = await buildWebClient();

    const port = await freePort();
    const config = loadConfig({
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: url,
      REDIS_URL,
      REDIS_PREFIX: redisPrefix,
      UPLOAD_DIR: uploadDir,
      WEB_DIST_DIR: webDist,
      MARKET_MAKER: 'on',
      LOG_LEVEL: 'error',
      ...chain,
    });
    redis = createRedis(REDIS_URL, redisPrefix);
    app = await buildApp({
      config,
      prisma,
      redis,
      redisUrl: REDIS_URL,
      databaseUrl: url,
      messenger: createMessenger(prisma, { from: config.SMTP_FROM }),
    });
    await app.listen({ port, host: '127.0.0.1' });
    const baseUrl = `http://127.0.0.1:${port}`;
    await waitForLiveMarket(baseUrl, settleBy);
    return { baseUrl, databaseUrl: url, redisPrefix, anvilRpcUrl: anvil.rpcUrl, stop };
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }
}
