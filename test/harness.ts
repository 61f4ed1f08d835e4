import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import supertest from 'supertest';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp } from '../apps/api/src/app';
import { loadConfig, type Config } from '@exchange/kernel/config';
import { createPrisma, prismaSql, type Db, type Wallet } from '@exchange/kernel/db';
import { createRedis } from '@exchange/kernel/redis';
import { createMessenger } from '../apps/api/src/modules/verification';
import {
  availableColumn,
  lockedColumn,
  Money,
  type Account,
  type AuditReport,
} from '@exchange/kernel/ledger';
import { recordMarks, reliableMark } from '../apps/api/src/modules/lever';
import { createOpsUser, listOutbox } from '../apps/api/src/ops/users';
import { opsDeposit, opsFundHouse } from '../apps/api/src/ops/wallet';
import type { Redis } from 'ioredis';
import { databaseUrl } from './services';
import { Matcher } from '../workers/src/matcher/matcher';
import { auditExchange } from '../apps/api/src/areas';

export interface TestContext {
  app: FastifyInstance;
  prisma: Db;
  redis: Redis;
  redisUrl: string;
  config: Config;
  databaseUrl: string;
  http: ReturnType<typeof supertest>;
  /** A form-encoded POST, as the spec's client sends it; `token` goes in Authorization. */
  post: (path: string, body?: Record<string, string | number>, token?: string) => Promise<supertest.Response>;
  get: (path: string, token?: string) => Promise<supertest.Response>;
  /** A signed-in user made the way operators make them. */
  signedInUser: (options?: {
    tradePassword?: string;
    kyc?: boolean;
  }) => Promise<{ id: number; account: string; password: string; token: string }>;
  latestCode: (account: string) => Promise<string>;
  /** Books a confirmed chain deposit to the user's spot account, as an operator would. */
  deposit: (account: string, currency: string, amount: string) => Promise<void>;
  /** Funds a house pool with the exchange's capital, as `ops house:fund` does. */
  fundHouse: (pool: string, currency: string, amount: string) => Promise<void>;
  /**
   * Records a reliable lever mark now, as the risk worker does after a look at a healthy book (tests of the
   * API alone; the mark's own rules are tested through the worker and real books).
   */
  setLeverMark: (matchId: number, price: string) => Promise<void>;
  /** The ledger audit; money tests call it after every scenario and expect it clean. */
  audit: () => Promise<AuditReport>;
  /** Starts the spot matcher on this context's database and Redis prefix (stopped by close). */
  startMatcher: () => Promise<Matcher>;
  /** A currency's id by name. */
  currencyId: (name: string) => Promise<number>;
  /** The ids of several currencies, in the order named. */
  currencyIds: <const Names extends string[]>(...names: Names) => Promise<{ [K in keyof Names]: number }>;
  /** A user's wallet row in a currency (its id or name); every user has one per listed currency. */
  wallet: (userId: number, currency: number | string) => Promise<Wallet>;
  /** What one of a user's four accounts holds in a currency, as decimal text. */
  balance: (
    userId: number,
    currency: number | string,
    account?: Account,
  ) => Promise<{ available: string; locked: string }>;
  /** A second app on the same database and Redis prefix: another API process (closed by close). */
  anotherApi: () => Promise<FastifyInstance>;
  close: () => Promise<void>;
}

/** A fresh database cloned from the migrated template, a private Redis prefix, and the app on them. */
export async function createTestContext(
  overrides: Partial<Record<string, string>> = {},
): Promise<TestContext> {
  const services = inject('services');
  const suffix = randomBytes(5).toString('hex');
  const database = `exchange_test_${suffix}`;
  const admin = new pg.Client({ connectionString: services.adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${database}" TEMPLATE "${services.templateDatabase}"`);
  await admin.end();

  const uploadDir = mkdtempSync(join(tmpdir(), 'exchange-uploads-'));
  const url = databaseUrl(services.adminUrl, database);
  // An override of REDIS_URL (another database number on the same server) is where everything connects.
  const redisUrl = overrides.REDIS_URL ?? services.redisUrl;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: url,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: `test:${suffix}:`,
    UPLOAD_DIR: uploadDir,
    WEB_DIST_DIR: join(uploadDir, 'no-web'),
    LOG_LEVEL: 'silent',
    ...overrides,
  });
  const prisma = createPrisma(url, 5);
  const redis = createRedis(redisUrl, config.REDIS_PREFIX);
  const startApi = async () => {
    const api = await buildApp({
      config,
      prisma,
      redis,
      redisUrl,
      databaseUrl: url,
      messenger: createMessenger(prisma, { from: config.SMTP_FROM }),
    });
    await api.ready();
    return api;
  };
  const app = await startApi();
  const otherApis: FastifyInstance[] = [];
  const http = supertest(app.server);

  const withToken = (test: supertest.Test, token?: string) =>
    token ? test.set('Authorization', token) : test;
  const post = (path: string, body: Record<string, string | number> = {}, token?: string) =>
    withToken(http.post(path).type('form').send(body), token).then((response) => response);
  const get = (path: string, token?: string) => withToken(http.get(path), token).then((response) => response);

  let userCount = 0;
  const matchers: Matcher[] = [];
  const context: TestContext = {
    app,
    prisma,
    redis,
    redisUrl,
    config,
    databaseUrl: url,
    http,
    post,
    get,
    async signedInUser(options = {}) {
      userCount += 1;
      const account = `user${userCount}-${suffix}@test.exchange`;
      const password = 'Secret123';
      const user = await createOpsUser(prisma, {
        account,
        password,
        tradePassword: options.tradePassword,
        kycApproved: options.kyc ?? false,
        seller: false,
      });
      const login = await post('/api/user/login', { user_string: account, password });
      if (login.body.type !== 'ok') throw new Error(`test login failed: ${JSON.stringify(login.body)}`);
      return { id: user.id, account, password, token: login.body.message as string };
    },
    async latestCode(account: string) {
      const [latest] = await listOutbox(prisma, account, 1);
      if (!latest) throw new Error(`no code was sent to ${account}`);
      return latest.code;
    },
    async deposit(account, currency, amount) {
      await opsDeposit(prisma, { account, currency, amount });
    },
    async fundHouse(pool, currency, amount) {
      await opsFundHouse(prisma, { pool, currency, amount });
    },
    async setLeverMark(matchId, price) {
      await recordMarks(prismaSql(prisma), [reliableMark(matchId, new Money(price))]);
    },
    audit: () => auditExchange(prisma),
    async startMatcher() {
      const matcher = new Matcher({
        prisma,
        databaseUrl: url,
        redisUrl,
        redisPrefix: config.REDIS_PREFIX,
        log: () => undefined,
      });
      await matcher.start();
      matchers.push(matcher);
      return matcher;
    },
    async currencyId(name) {
      return (await prisma.currency.findUniqueOrThrow({ where: { name } })).id;
    },
    currencyIds(...names) {
      // Promise.all over a mapped array types as number[]; the names' tuple type gives one id per name.
      const ids = Promise.all(names.map((name) => context.currencyId(name)));
      return ids as Promise<{ [K in keyof typeof names]: number }>;
    },
    async wallet(userId, currency) {
      const currencyId = typeof currency === 'number' ? currency : await context.currencyId(currency);
      return prisma.wallet.findUniqueOrThrow({
        where: { user_id_currency_id: { user_id: userId, currency_id: currencyId } },
      });
    },
    async balance(userId, currency, account = 'change') {
      const row = await context.wallet(userId, currency);
      return {
        available: row[availableColumn(account)].toFixed(),
        locked: row[lockedColumn(account)].toFixed(),
      };
    },
    async anotherApi() {
      const api = await startApi();
      otherApis.push(api);
      return api;
    },
    async close() {
      for (const matcher of matchers) await matcher.stop();
      for (const api of otherApis) await api.close();
      await app.close();
      await prisma.$disconnect();
      // ioredis does not prefix KEYS patterns, but it does prefix the names DEL is given.
      const keys = await redis.keys(`${config.REDIS_PREFIX}*`);
      const unprefixed = keys.map((key) => key.slice(config.REDIS_PREFIX.length));
      if (unprefixed.length > 0) await redis.del(...unprefixed);
      redis.disconnect();
      rmSync(uploadDir, { recursive: true, force: true });
      const cleanup = new pg.Client({ connectionString: services.adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
      await cleanup.end();
    },
  };
  return context;
}

/**
 * The test context of a test file: made before its first test and closed after its last (after the file's
 * own afterAll hooks, which vitest runs in reverse order). Vitest runs beforeAll only after the file's body
 * has been read, so the handle reads through to the context once it exists; using it outside a hook or a
 * test throws.
 */
export function useTestContext(overrides: Partial<Record<string, string>> = {}): TestContext {
  let current: TestContext | undefined;
  beforeAll(async () => {
    current = await createTestContext(overrides);
  });
  afterAll(() => current?.close());
  const made = () => {
    if (!current) throw new Error('the test context exists only inside hooks and tests');
    return current;
  };
  // Reads, `in` and spreads (`{ ...ctx }`) all see the made context.
  return new Proxy({} as TestContext, {
    get: (_target, key) => Reflect.get(made(), key),
    has: (_target, key) => Reflect.has(made(), key),
    ownKeys: () => Reflect.ownKeys(made()),
    getOwnPropertyDescriptor: (_target, key) => Reflect.getOwnPropertyDescriptor(made(), key),
  });
}
