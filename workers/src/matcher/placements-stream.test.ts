import { Redis } from 'ioredis';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness';
import { createPool } from '@exchange/kernel/db';
import { PlacementSweeper } from './sweeper';
import {
  findTradablePair,
  type Pair,
  queuePlacement,
  PlacementCommitter,
  type Placement,
  placementsStream,
  PLACEMENTS_GROUP,
  SpotQueues,
} from '@exchange/api/modules/spot';
import { limitRequest } from '../../../apps/api/src/modules/spot/test-helpers';

/** Each test gets its own database and Redis prefix: it decides when its matcher starts. */
let ctx: TestContext;
let pair: Pair;
/** Redis without a key prefix (ioredis does not prefix every stream command): keys are named in full. */
let redis: Redis;
beforeEach(async () => {
  ctx = await createTestContext();
  redis = new Redis(ctx.redisUrl);
  pair = await findTradablePair(ctx.prisma, await ctx.currencyId('USDT'), await ctx.currencyId('BTC'));
});
afterEach(async () => {
  redis.disconnect();
  await ctx.close();
});

/** Ten orders of two users, five sells and five buys at one price, group-committed while no matcher runs. */
async function commitCrossingOrders(): Promise<{
  placed: Placement[];
  queues: SpotQueues;
  end: () => Promise<void>;
}> {
  const seller = await ctx.signedInUser();
  const buyer = await ctx.signedInUser();
  await ctx.deposit(seller.account, 'BTC', '1');
  await ctx.deposit(buyer.account, 'USDT', '1000');
  const order = (side: 1 | 2, userId: number) => limitRequest(pair, userId, side, '100', '0.1');
  const pool = createPool(ctx.databaseUrl, 2);
  const queues = new SpotQueues(ctx.redisUrl, ctx.config.REDIS_PREFIX);
  const committer = new PlacementCommitter({ pool, queues });
  const placed = await Promise.all(
    Array.from({ length: 10 }, (_, index) =>
      committer.place(index % 2 === 0 ? order(2, seller.id) : order(1, buyer.id)),
    ),
  );
  await committer.settled();
  return {
    placed,
    queues,
    end: async () => {
      await queues.close();
      await pool.end();
    },
  };
}

async function expectAllMatchedOnce(): Promise<void> {
  await expect
    .poll(async () => ctx.prisma.spotOrder.count({ where: { state: { in: ['new', 'open'] } } }), {
      timeout: 10_000,
    })
    .toBe(0);
  expect(await ctx.prisma.spotTrade.count()).toBe(5);
  const locked = await ctx.prisma.wallet.findMany({ where: { lock_change_balance: { not: 0 } } });
  expect(locked).toEqual([]);
  expect((await ctx.audit()).problems).toEqual([]);
}

const streamKey = () => placementsStream(ctx.config.REDIS_PREFIX, pair.id);

describe('group-committed orders reach the matcher in one stream entry', () => {
  it('matches a whole batch queued while the matcher was down, once, even when the sweeper queued it too', async () => {
    const { placed, queues, end } = await commitCrossingOrders();
    try {
      // One stream entry carries the whole commit, in id order, each order with its owner.
      const entries = await redis.xrange(streamKey(), '-', '+');
      expect(entries.map(([, fields]) => fields)).toEqual([
        ['orders', placed.map(({ order }) => `${order.id}:${order.user_id}`).join(',')],
      ]);
      // The sweeper's own jobs for the same orders: a second path to the matcher that must book nothing twice.
      for (const { order } of placed) await queuePlacement(queues, order);
    } finally {
      await end();
    }
    await ctx.startMatcher();
    await expectAllMatchedOnce();
    // Acknowledged and deleted once committed.
    await expect.poll(() => redis.xlen(streamKey()), { timeout: 5_000 }).toBe(0);
  });

  it('reads again what a matcher was given but never acknowledged before it died', async () => {
    const { end } = await commitCrossingOrders();
    await end();
    // A matcher read the entry and died before committing: it is delivered, pending, unacknowledged.
    await redis.xgroup('CREATE', streamKey(), PLACEMENTS_GROUP, '0', 'MKSTREAM');
    const delivered = await redis.xreadgroup(
      'GROUP',
      PLACEMENTS_GROUP,
      PLACEMENTS_GROUP,
      'COUNT',
      10,
      'STREAMS',
      streamKey(),
      '>',
    );
    expect(delivered).toHaveLength(1);
    expect(await ctx.prisma.spotOrder.count({ where: { state: 'new' } })).toBe(10);

    await ctx.startMatcher();
    await expectAllMatchedOnce();
    await expect.poll(() => redis.xlen(streamKey()), { timeout: 5_000 }).toBe(0);
    const [pending] = (await redis.xpending(streamKey(), PLACEMENTS_GROUP)) as [number];
    expect(pending).toBe(0);
  });
});

/**
 * One buy of a fresh user whose handoff to the stream fails (its Redis is away): stored with its funds
 * locked, acknowledged, and in no stream, which only the sweeper can repair.
 */
async function commitLostOrder(): Promise<string> {
  const user = await ctx.signedInUser();
  await ctx.deposit(user.account, 'USDT', '100');
  const pool = createPool(ctx.databaseUrl, 1);
  const away = new SpotQueues('redis://127.0.0.1:1', ctx.config.REDIS_PREFIX);
  try {
    const committer = new PlacementCommitter({ pool, queues: away });
    const placed = await committer.place(limitRequest(pair, user.id, 1, '50', '1'));

    await committer.settled();
    return placed.order.id.toString();
  } finally {
    await away.close();
    await pool.end();
  }
}

/** The placement jobs the sweeper left in the market's BullMQ queue, by order id. */
async function sweptJobs(queues: SpotQueues): Promise<string[]> {
  const jobs = await queues.queueFor(pair.id).getJobs(['waiting', 'delayed', 'prioritized', 'active']);
  return jobs.map((job) => job.data.orderId).sort();
}

describe('the sweeper and a matcher that lags behind its stream', () => {
  it('leaves the backlog of a paused matcher alone and re-queues only the order that never reached it', async () => {
    const { placed, end } = await commitCrossingOrders();
    await end();
    const lost = await commitLostOrder();
    // The paused matcher has read the entry and not yet committed it: delivered, unacknowledged.
    await redis.xgroup('CREATE', streamKey(), PLACEMENTS_GROUP, '0', 'MKSTREAM');
    await redis.xreadgroup('GROUP', PLACEMENTS_GROUP, PLACEMENTS_GROUP, 'STREAMS', streamKey(), '>');
    const queues = new SpotQueues(ctx.redisUrl, ctx.config.REDIS_PREFIX);
    const sweeper = new PlacementSweeper({
      prisma: ctx.prisma,
      redis,
      queues,
      redisPrefix: ctx.config.REDIS_PREFIX,
      log: () => undefined,
    });
    try {
      // Sweep after sweep while the matcher is paused: the ten queued orders are never queued a second time.
      for (let round = 0; round < 3; round += 1)
        expect(await sweeper.sweep(0)).toEqual({ requeued: 1, waiting: 10, lagging: [] });
      expect(await sweptJobs(queues)).toEqual([lost]);
      expect(placed.map(({ order }) => order.id.toString())).not.toContain(lost);
    } finally {
      await queues.close();
    }
    // Resumed, the matcher matches the backlog once and books the lost order from the sweeper's job.
    await ctx.startMatcher();
    await expect
      .poll(async () => ctx.prisma.spotOrder.count({ where: { state: 'new' } }), { timeout: 10_000 })
      .toBe(0);
    expect(await ctx.prisma.spotTrade.count()).toBe(5);
    expect((await ctx.prisma.spotOrder.findUniqueOrThrow({ where: { id: BigInt(lost) } })).state).toBe(
      'open',
    );
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('does not read a long backlog, and still re-queues an order older than anything in the stream', async () => {
    const { end } = await commitCrossingOrders();
    await end();
    const lost = await commitLostOrder();
    const queues = new SpotQueues(ctx.redisUrl, ctx.config.REDIS_PREFIX);
    const log: object[] = [];
    // A scan limit of 0 entries stands for a backlog too long to read each sweep.
    const sweeper = new PlacementSweeper(
      {
        prisma: ctx.prisma,
        redis,
        queues,
        redisPrefix: ctx.config.REDIS_PREFIX,
        log: (fields) => log.push(fields),
      },
      { scanEntries: 0, handoffMarginMs: 30_000 },
    );
    try {
      // Stored after the stream's oldest entry: it may be in the backlog, so it waits like the backlog.
      const first = await sweeper.sweep(0);
      expect(first).toMatchObject({ requeued: 0, waiting: 11, lagging: [{ matchId: pair.id, entries: 1 }] });
      expect(log).toEqual([
        expect.objectContaining({ matchId: pair.id, entries: 1, waiting: 11, requeued: 0 }),
      ]);
      expect(await sweptJobs(queues)).toEqual([]);
      // Stored long before the oldest entry still queued: its own entry would be older, so it has none.
      await ctx.prisma.spotOrder.update({
        where: { id: BigInt(lost) },
        data: { created_at: new Date(Date.now() - 60_000), updated_at: new Date(Date.now() - 60_000) },
      });
      expect(await sweeper.sweep(0)).toMatchObject({ requeued: 1, waiting: 10 });
      expect(await sweptJobs(queues)).toEqual([lost]);
    } finally {
      await queues.close();
    }
    expect((await ctx.audit()).problems).toEqual([]);
  });
});
