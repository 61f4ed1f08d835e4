import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness';
import { MAKER_ACCOUNT, MarketMaker, TAKER_ACCOUNT } from './market-maker';

let ctx: TestContext;
let maker: MarketMaker;
beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.startMatcher();
  // A seeded sequence, and no timer: the test drives the rounds itself.
  let seed = 42;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  maker = new MarketMaker({
    prisma: ctx.prisma,
    databaseUrl: ctx.databaseUrl,
    redisUrl: ctx.redisUrl,
    redisPrefix: ctx.config.REDIS_PREFIX,
    log: () => undefined,
    tickMs: 3_600_000,
    random,
  });
  await maker.start();
});
afterAll(async () => {
  await maker.stop();
  await ctx.close();
});

describe('the market maker', () => {
  it('trades every pair in its first round, so a fresh exchange shows prices at once', async () => {
    await maker.tick();
    const pairs = await ctx.prisma.currencyMatch.findMany({ where: { open_coin_trade: 1, is_display: 1 } });
    for (const pair of pairs) {
      await expect
        .poll(() => ctx.prisma.spotTrade.count({ where: { match_id: pair.id } }), { timeout: 15_000 })
        .toBeGreaterThan(0);
    }
  });

  it('quotes both sides of every pair and trades through the real order path, with balanced books', async () => {
    for (let round = 0; round < 4; round += 1) await maker.tick();
    const pairs = await ctx.prisma.currencyMatch.findMany({ where: { open_coin_trade: 1 } });
    await expect
      .poll(async () => ctx.prisma.spotOrder.count({ where: { state: 'new' } }), { timeout: 15_000 })
      .toBe(0);
    for (const pair of pairs) {
      const open = await ctx.prisma.spotOrder.groupBy({
        by: ['side'],
        where: { match_id: pair.id, state: 'open' },
        _count: true,
      });
      expect(open.map((row) => row.side).sort(), `pair ${pair.id}`).toEqual([1, 2]);
    }
    expect(await ctx.prisma.spotTrade.count()).toBeGreaterThan(0);
    expect(await ctx.prisma.candle.count({ where: { period: '1min' } })).toBeGreaterThan(0);
    const accounts = await ctx.prisma.user.findMany({
      where: { account_number: { in: [MAKER_ACCOUNT, TAKER_ACCOUNT] } },
    });
    expect(accounts).toHaveLength(2);
    expect((await ctx.audit()).problems).toEqual([]);
  });
});
