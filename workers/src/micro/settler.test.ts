import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOG_TYPES } from '@exchange/kernel/ledger';
import { SOCKET_PATH } from '@exchange/kernel/realtime';
import { expiryJobOf, MicroQueue } from '@exchange/api/modules/micro';
import { useTestContext } from '../../../test/harness';
import { microFixtures } from '../../../apps/api/src/modules/micro/test-helpers';
import { MicroSettler } from './settler';

const ctx = useTestContext();
let fx: ReturnType<typeof microFixtures>;
let usdt: number;
let pairId: number;
const settlers: MicroSettler[] = [];
beforeAll(async () => {
  fx = microFixtures(ctx);
  ({ usdt, pairId } = await fx.ids());
  // The house's capital that pays wins: without it no order could be accepted (exposure.ts).
  await ctx.fundHouse('micro_pool', 'USDT', '1000000');
  await ctx.prisma.microSecond.create({ data: { seconds: 1, profit_ratio: '80' } });
  await fx.trade(pairId, '100', new Date(Date.now() - 60_000));
});
afterAll(async () => {
  for (const settler of settlers) await settler.stop().catch(() => undefined);
});

async function startSettler(): Promise<MicroSettler> {
  const settler = new MicroSettler({
    databaseUrl: ctx.databaseUrl,
    redisUrl: ctx.redisUrl,
    redisPrefix: ctx.config.REDIS_PREFIX,
    log: (fields, message) => console.error(message, fields),
  });
  await settler.start();
  settlers.push(settler);
  return settler;
}

const submit = async (token: string, seconds = 1) => {
  const answer = await ctx.post(
    '/api/microtrade/submit',
    { match_id: pairId, currency_id: usdt, seconds, type: 1, number: '10' },
    token,
  );
  expect(answer.body.type).toBe('ok');
  return answer.body.message as { id: string };
};
const statusOf = async (id: string) =>
  (await ctx.prisma.microOrder.findUniqueOrThrow({ where: { id: BigInt(id) } })).status;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Deletes every Redis key of this test's prefix: BullMQ's queue and jobs included. */
async function flushRedis(): Promise<void> {
  const keys = await ctx.redis.keys(`${ctx.config.REDIS_PREFIX}*`);
  const unprefixed = keys.map((key) => key.slice(ctx.config.REDIS_PREFIX.length));
  if (unprefixed.length > 0) await ctx.redis.del(...unprefixed);
}

describe('the seconds settlement worker', () => {
  it('settles on time through the expiry job and pushes micro_closed to the owner', async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const user = await fx.trader('100');
    const socket: Socket = connect(`http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`, {
      path: SOCKET_PATH,
      transports: ['websocket'],
      auth: { token: user.token },
      forceNew: true,
    });
    try {
      await new Promise<void>((resolve) => socket.on('connect', () => resolve()));
      await new Promise((resolve) => socket.emit('login', user.id, resolve));
      const settler = await startSettler();
      const pushed = new Promise<{ data: { id: string; status: number; end_price: string } }>((resolve) =>
        socket.once('micro_closed', resolve),
      );
      const order = await submit(user.token);
      const push = await pushed;
      expect(push.data).toMatchObject({ id: order.id, status: 3, end_price: '100' });
      expect(await statusOf(order.id)).toBe(3);
      await settler.stop();
    } finally {
      socket.disconnect();
    }
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('settles, after a restart, an order whose worker stopped before it expired', async () => {
    // Three seconds, so a loaded machine still stops the worker before the order is due.
    await ctx.prisma.microSecond.create({ data: { seconds: 3, profit_ratio: '80' } });
    const user = await fx.trader('100');
    const first = await startSettler();
    const order = await submit(user.token, 3);
    await first.stop();
    expect(await statusOf(order.id)).toBe(1);
    await sleep(3_500);
    expect(await statusOf(order.id)).toBe(1);
    await startSettler();
    // The sweeper runs at start: the overdue order is settled before start() returns.
    expect(await statusOf(order.id)).toBe(3);
    expect(await fx.micro(user.id, usdt)).toEqual({ available: '99.9', locked: '0' });
  });

  it('loses nothing when Redis is flushed with orders running', async () => {
    for (const settler of settlers.splice(0)) await settler.stop();
    const user = await fx.trader('100');
    const orders = [await submit(user.token), await submit(user.token)];
    await flushRedis();
    await sleep(1_400);
    expect(await statusOf(orders[0]?.id ?? '')).toBe(1);
    await startSettler();
    for (const order of orders) expect(await statusOf(order.id)).toBe(3);
    // And with the worker running: a flush while an order runs only delays it to the next sweep.
    const late = await submit(user.token);
    await flushRedis();
    await expect.poll(() => statusOf(late.id), { timeout: 5_000, interval: 100 }).toBe(3);
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('settles once when the job is delivered twice', async () => {
    for (const settler of settlers.splice(0)) await settler.stop();
    const user = await fx.trader('100');
    const order = await submit(user.token);
    const row = await ctx.prisma.microOrder.findUniqueOrThrow({ where: { id: BigInt(order.id) } });
    const queue = new MicroQueue(ctx.redisUrl, ctx.config.REDIS_PREFIX);
    try {
      // The same expiry scheduled again keeps one job (deterministic id); then the job runs twice.
      await queue.scheduleExpiry(row.expires_at);
      await queue.scheduleExpiry(row.expires_at);
      const job = expiryJobOf(row.expires_at);
      expect((await queue.queue.getJob(job.jobId))?.id).toBe(job.jobId);
      expect(await queue.queue.getDelayedCount()).toBe(1);
    } finally {
      await queue.close();
    }
    await sleep(1_400);
    const settler = new MicroSettler({
      databaseUrl: ctx.databaseUrl,
      redisUrl: ctx.redisUrl,
      redisPrefix: ctx.config.REDIS_PREFIX,
      log: () => undefined,
    });
    const runs = await Promise.all([settler.settle(), settler.settle()]);
    expect(runs.reduce((sum, count) => sum + count, 0)).toBe(1);
    expect(await settler.settle()).toBe(0);
    await settler.stop();
    expect(await statusOf(order.id)).toBe(3);
    const settleLogs = await ctx.prisma.accountLog.count({
      where: { user_id: user.id, type: LOG_TYPES.MICRO_SETTLE },
    });
    expect(settleLogs).toBe(2); // the stake leaving the lock, and the tie's stake back
    expect(await fx.micro(user.id, usdt)).toEqual({ available: '99.9', locked: '0' });
    expect((await ctx.audit()).problems).toEqual([]);
  });
});
