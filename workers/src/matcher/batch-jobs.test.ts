import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness';
import { createPool } from '@exchange/api/db/sql';
import { Money } from '@exchange/api/ledger/money';
import { findTradablePair } from '@exchange/api/modules/spot/pairs';
import { queuePlacement } from '@exchange/api/modules/spot/place-order';
import { PlacementCommitter, type PlacementRequest } from '@exchange/api/modules/spot/placement-committer';
import { SpotQueues } from '@exchange/api/modules/spot/queue';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('group-committed orders reach the matcher in one job', () => {
  it('matches a whole batch queued while the matcher was down, once, even when the sweeper queued it too', async () => {
    const pair = await findTradablePair(
      ctx.prisma,
      await ctx.currencyId('USDT'),
      await ctx.currencyId('BTC'),
    );
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
    try {
      const committer = new PlacementCommitter({ pool, queues });
      const placed = await Promise.all(
        Array.from({ length: 10 }, (_, index) =>
          committer.place(index % 2 === 0 ? order(2, seller.id) : order(1, buyer.id)),
        ),
      );
      await committer.settled();
      const jobs = await queues.queueFor(pair.id).getJobs(['waiting']);
      expect(jobs.map((job) => job.data)).toEqual([
        { command: 'place-many', orderIds: placed.map(({ order: stored }) => stored.id.toString()) },
      ]);
      // The sweeper's own jobs for the same orders: a second path to the matcher that must book nothing twice.
      for (const { order: stored } of placed) await queuePlacement(queues, stored);
    } finally {
      await queues.close();
      await pool.end();
    }
    await ctx.startMatcher();
    await expect
      .poll(async () => ctx.prisma.spotOrder.count({ where: { state: { in: ['new', 'open'] } } }), {
        timeout: 10_000,
      })
      .toBe(0);
    expect(await ctx.prisma.spotTrade.count()).toBe(5);
    const wallets = await ctx.prisma.wallet.findMany({
      where: {
        user_id: { in: [seller.id, buyer.id] },
        currency_id: { in: [pair.legal_id, pair.currency_id] },
      },
      orderBy: [{ user_id: 'asc' }, { currency_id: 'asc' }],
    });
    expect(wallets.every((wallet) => wallet.lock_change_balance.isZero())).toBe(true);
    expect((await ctx.audit()).problems).toEqual([]);
  });
});
