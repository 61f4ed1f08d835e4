import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '@exchange/kernel/config';
import { prismaSql } from '@exchange/kernel/db';
import { SOCKET_PATH } from '@exchange/kernel/realtime';
import { claimRedisNames, exchangeIdentity } from '@exchange/kernel/redis';
import type { ResultBatch } from '../apps/api/src/modules/spot';
import { RiskWorker } from '../workers/src/lever/risk-worker';
import { createTestContext, type TestContext } from './harness';
import { btcUsdtIds, spotOrder } from './lever';

/**
 * Two exchanges on one Redis server, each with its API, spot matcher and lever risk worker, on different
 * database numbers with the same key prefix (the set-up that leaked: db 7 and db 8 with the default prefix).
 * Redis keeps keys per database, but its pub/sub channels are one space for the whole server: whatever one
 * exchange publishes (verdicts, market pushes, private pushes, session revocations, lever notices) must
 * never reach the other, whose users and orders have the same ids. And a second exchange on the same prefix
 * AND database is refused at start.
 */
const sharedPrefix = `iso:${randomBytes(4).toString('hex')}:`;
let east: TestContext;
let west: TestContext;
const sockets: Socket[] = [];
const riskWorkers: RiskWorker[] = [];
let monitor: Redis;

/** The tests' Redis server, on another database number. */
function onDatabase(db: number): string {
  const url = new URL(inject('services').redisUrl);
  url.pathname = `/${db}`;
  return url.toString();
}

async function exchangeOn(db: number): Promise<TestContext> {
  const ctx = await createTestContext({ REDIS_URL: onDatabase(db), REDIS_PREFIX: sharedPrefix });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  await ctx.startMatcher();
  const riskWorker = new RiskWorker({
    databaseUrl: ctx.databaseUrl,
    redisUrl: ctx.redisUrl,
    redisPrefix: sharedPrefix,
    log: () => undefined,
  });
  riskWorkers.push(riskWorker);
  await riskWorker.start({ overnight: false });
  return ctx;
}

beforeAll(async () => {
  monitor = new Redis(inject('services').redisUrl);
  [east, west] = await Promise.all([exchangeOn(7), exchangeOn(8)]);
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await Promise.all(riskWorkers.map((worker) => worker.stop()));
  await Promise.all([east?.close(), west?.close()]);
  monitor?.disconnect();
});

/** A socket on the exchange's API, signed in as the user, recording every event it receives. */
async function signedInSocket(ctx: TestContext, user: { id: number; token: string }) {
  const socket = connect(`http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    forceNew: true,
  });
  sockets.push(socket);
  const events: { event: string; payload: { id?: string } }[] = [];
  socket.onAny((event: string, payload: { id?: string }) => events.push({ event, payload }));
  await new Promise((resolve, reject) => {
    socket.on('connect', () => resolve(undefined));
    socket.on('connect_error', reject);
  });
  const login = await new Promise<{ type: string }>((resolve) =>
    socket.emit('login', { user_id: user.id, token: user.token }, resolve),
  );
  expect(login.type).toBe('ok');
  return events;
}

async function buyBtc(ctx: TestContext, token: string): Promise<string> {
  const placed = await spotOrder(ctx, token, await btcUsdtIds(ctx), 'buy', '10', '1');
  expect(placed.body.order?.state, JSON.stringify(placed.body)).toBe('open');
  return placed.body.order.id as string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('two exchanges on one Redis server (databases 7 and 8, the same prefix)', () => {
  it('never hear each other: verdicts, market pushes, private pushes and revocations stay home', async () => {
    const eastTrader = await east.signedInUser();
    const westTrader = await west.signedInUser();
    // Both databases come from one template: the two traders are "user N" of their exchange alike.
    expect(westTrader.id).toBe(eastTrader.id);
    await east.deposit(eastTrader.account, 'USDT', '100');
    await west.deposit(westTrader.account, 'USDT', '100');
    const eastInbox = await signedInSocket(east, eastTrader);
    const westInbox = await signedInSocket(west, westTrader);
    const westVerdicts: ResultBatch[] = [];
    west.app.orderResults.onBatch((batch) => westVerdicts.push(batch));

    // East's order: its owner hears the verdict and the matcher's depth push...
    const eastOrder = await buyBtc(east, eastTrader.token);
    await expect
      .poll(() => eastInbox.map(({ event }) => event), { timeout: 5_000 })
      .toEqual(expect.arrayContaining(['spot_order', 'market_depth']));
    expect(eastInbox.find(({ event }) => event === 'spot_order')?.payload.id).toBe(eastOrder);
    // ...and west's API, sockets and user of the same id hear nothing of it.
    await sleep(500);
    expect(westVerdicts).toEqual([]);
    expect(westInbox).toEqual([]);

    // East ends its user's sessions: west's user of the same id keeps hers (her socket still gets her pushes).
    await east.app.sessions.revokeUser(eastTrader.id);
    const westOrder = await buyBtc(west, westTrader.token);
    await expect
      .poll(() => westInbox.filter(({ event }) => event === 'spot_order').map(({ payload }) => payload.id), {
        timeout: 5_000,
      })
      .toEqual([westOrder]);
  });

  it('each listens on channels that name its own database, nothing else', async () => {
    const channels = (await monitor.pubsub('CHANNELS', `${sharedPrefix}*`)) as string[];
    // Each channel once, without socket.io's per-process ids (`socket.io-response#/#<server id>#`).
    const ownPrefix = (db: number) => `${sharedPrefix}db${db}:`;
    const heardOn = (db: number) => {
      const names = channels.filter((channel) => channel.startsWith(ownPrefix(db)));
      return [...new Set(names.map((channel) => channel.slice(ownPrefix(db).length).split('#')[0]))].sort();
    };
    expect(heardOn(7)).toEqual(
      expect.arrayContaining(['lever:changed', 'sessions:revoked', 'socket.io-request', 'spot:results']),
    );
    expect(heardOn(8)).toEqual(heardOn(7));
    const unnamed = channels.filter((channel) => ![7, 8].some((db) => channel.startsWith(ownPrefix(db))));
    expect(unnamed).toEqual([]);
  });
});

describe('a second exchange on the same prefix and database', () => {
  const identity = (ctx: TestContext) => exchangeIdentity(prismaSql(ctx.prisma));

  it('is refused at start with what to set; processes of one exchange share the names', async () => {
    // East's claim on its names (database 7, the shared prefix), as `npm start` makes it.
    const claimFor = async (ctx: TestContext) =>
      claimRedisNames(east.redisUrl, sharedPrefix, await identity(ctx), { ttlMs: 1_000 });
    const releaseEast = await claimFor(east);
    const anotherEastProcess = await claimFor(east);
    await anotherEastProcess();
    await expect(claimFor(west)).rejects.toThrow(/another exchange .* REDIS_PREFIX .* REDIS_URL/);

    // `npm run workers` of west's database, pointed at east's names, stops before it starts anything.
    const workers = spawn(
      process.execPath,
      ['--import', 'tsx', fileURLToPath(new URL('../workers/src/main.ts', import.meta.url))],
      {
        env: {
          ...process.env,
          DATABASE_URL: west.databaseUrl,
          REDIS_URL: east.redisUrl,
          REDIS_PREFIX: sharedPrefix,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    workers.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    workers.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise((resolve) => workers.on('exit', resolve));
    const code = await Promise.race([exited, sleep(20_000).then(() => 'still running')]);
    workers.kill('SIGKILL');
    expect([code, output]).toEqual([1, expect.stringContaining('Give each exchange its own REDIS_PREFIX')]);
    expect(output).not.toContain('[workers] running');

    // Once east has stopped (its claim no longer renewed), the names are free.
    await releaseEast();
    await sleep(1_100);
    const releaseWest = await claimFor(west);
    await releaseWest();
  });

  it('cannot be configured with a prefix that is a pattern', () => {
    expect(() => loadConfig({ REDIS_PREFIX: 'ex*' })).toThrow(/REDIS_PREFIX: no pattern characters/);
  });
});
