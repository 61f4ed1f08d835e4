import { Redis } from 'ioredis';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness';
import { createPool } from '@exchange/kernel/db';
import { Money } from '@exchange/kernel/ledger';
import {
  findTradablePair,
  type Pair,
  queuePlacement,
  PlacementCommitter,
  type Placement,
  type PlacementRequest,
  placementsStream,
  PLACEMENTS_GROUP,
  SpotQueues,
} from '@exchange/api/modules/spot';

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
  const order = (side: 1 | 2, userId: number): PlacementRequest => ({
    userId,
    pair,
    side,
    kind: 'limit',
    timeInForce: 'GTC',
    postOnly: false,
    price: new Money('100'),
    amount: new Money('0.1'),
    funds:
      side === 1
        ? { currencyId: pair.legal_id, amount: new Money('10') }
        : { currencyId: pair.currency_id, amount: new Money('0.1') },
  });
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
      // One stream entry carries the whole commit, in id order.
      const entries = await redis.xrange(streamKey(), '-', '+');
      expect(entries.map(([, fields]) => fields)).toEqual([
        ['orders', placed.map(({ order }) => order.id.toString()).join(',')],
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
