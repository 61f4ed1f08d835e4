import { Redis } from 'ioredis';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness';
import { createPool } from '@exchange/kernel/db';
import {
  findTradablePair,
  type Pair,
  Placements,
  type Placement,
  placementsStream,
  PLACEMENTS_GROUP,
  SpotCommands,
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

/**
 * Ten orders of two users, five sells and five buys at one price, sent in one turn while no matcher runs and
 * nobody waits for a verdict (so no request settles them as not placed).
 */
async function sendCrossingOrders(): Promise<Placement[]> {
  const seller = await ctx.signedInUser();
  const buyer = await ctx.signedInUser();
  await ctx.deposit(seller.account, 'BTC', '1');
  await ctx.deposit(buyer.account, 'USDT', '1000');
  const order = (side: 1 | 2, userId: number) => limitRequest(pair, userId, side, '100', '0.1');
  const pool = createPool(ctx.databaseUrl, 2);
  const commands = new SpotCommands(ctx.redisUrl, ctx.config.REDIS_PREFIX);
  try {
    const placements = new Placements({ pool, commands });
    return await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        placements.place(index % 2 === 0 ? order(2, seller.id) : order(1, buyer.id)),
      ),
    );
  } finally {
    await commands.close();
    await pool.end();
  }
}

async function expectAllMatchedOnce(): Promise<void> {
  await expect
    .poll(async () => ctx.prisma.spotOrder.count({ where: { state: 'filled' } }), { timeout: 10_000 })
    .toBe(10);
  expect(await ctx.prisma.spotTrade.count()).toBe(5);
  const locked = await ctx.prisma.wallet.findMany({ where: { lock_change_balance: { not: 0 } } });
  expect(locked).toEqual([]);
  expect((await ctx.audit()).problems).toEqual([]);
}

const streamKey = () => placementsStream(ctx.config.REDIS_PREFIX, pair.id);

describe('orders reach the matcher whole, in their market stream', () => {
  it('books a burst sent while the matcher was down once, written by the matcher alone', async () => {
    const placed = await sendCrossingOrders();
    // One stream entry carries the whole turn; Postgres holds none of the orders yet.
    expect(await redis.xlen(streamKey())).toBe(1);
    expect(await ctx.prisma.spotOrder.count()).toBe(0);
    // The same entry appended twice (an API retrying a lost answer): the second copy books nothing.
    const [[, fields] = ['', []]] = await redis.xrange(streamKey(), '-', '+');
    await redis.xadd(streamKey(), '*', ...fields);
    await ctx.startMatcher();
    await expectAllMatchedOnce();
    expect(await ctx.prisma.spotOrder.count()).toBe(placed.length);
    // Acknowledged and deleted once committed.
    await expect.poll(() => redis.xlen(streamKey()), { timeout: 5_000 }).toBe(0);
  });

  it('reads again what a matcher was given but never acknowledged before it died', async () => {
    await sendCrossingOrders();
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

    await ctx.startMatcher();
    await expectAllMatchedOnce();
    await expect.poll(() => redis.xlen(streamKey()), { timeout: 5_000 }).toBe(0);
    const [pending] = (await redis.xpending(streamKey(), PLACEMENTS_GROUP)) as [number];
    expect(pending).toBe(0);
  });

  it('skips a command for another market and lines no API writes, booking the rest', async () => {
    const placed = await sendCrossingOrders();
    const [[, fields] = ['', []]] = await redis.xrange(streamKey(), '-', '+');
    const lines = (fields[1] ?? '').split('\n');
    // Another market's order in this market's stream, and a garbled line.
    const stray = (lines[0] ?? '').replace(/^(p\|\d+\|\d+\|)\d+\|/, `$1${pair.id + 1000}|`);
    expect(stray).not.toBe(lines[0]);
    await redis.del(streamKey());
    await redis.xadd(streamKey(), '*', 'c', [stray, 'p|garbage', ...lines.slice(1)].join('\n'));
    await ctx.startMatcher();
    await expect.poll(() => redis.xlen(streamKey()), { timeout: 10_000 }).toBe(0);
    expect(await ctx.prisma.spotOrder.count()).toBe(placed.length - 1);
    expect(await ctx.prisma.spotTrade.count()).toBe(4);
    expect((await ctx.audit()).problems).toEqual([]);
  });
});
