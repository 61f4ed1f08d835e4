import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestContext } from '../../../test/harness';
import { announcePairChange } from '@exchange/api/modules/spot';
import { ladder, MAKER_ACCOUNT, MarketMaker, TAKER_ACCOUNT } from './market-maker';

const ctx = useTestContext();
let maker: MarketMaker;
beforeAll(async () => {
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
afterAll(() => maker.stop());

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

  it('replaces only the places of the ladder the walk left, not the whole ladder', async () => {
    const makerOrders = async () => {
      const account = await ctx.prisma.user.findUniqueOrThrow({ where: { account_number: MAKER_ACCOUNT } });
      return ctx.prisma.spotOrder.count({ where: { user_id: account.id } });
    };
    const before = await makerOrders();
    await maker.tick();
    const placed = (await makerOrders()) - before;
    const pairs = await ctx.prisma.currencyMatch.count({ where: { open_coin_trade: 1, is_display: 1 } });
    // The first round placed a full ladder (16 quotes a pair); a later round moves a few places per side.
    expect(placed).toBeGreaterThan(0);
    expect(placed).toBeLessThan(pairs * 16);
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

  it('withdraws a closed pair’s quotes, and quotes a changed pair on its new grid (console changes)', async () => {
    const pair = await ctx.prisma.currencyMatch.findFirstOrThrow({
      where: { currency: { name: 'ETH' }, legal: { name: 'USDT' } },
    });
    const account = await ctx.prisma.user.findUniqueOrThrow({ where: { account_number: MAKER_ACCOUNT } });
    const quotes = () =>
      ctx.prisma.spotOrder.findMany({
        where: { user_id: account.id, match_id: pair.id, state: 'open' },
      });
    // As the console does it: the row changes, then the change is announced (caches, matcher).
    const change = async (data: { open_coin_trade?: number; price_decimals?: number }) => {
      await ctx.prisma.currencyMatch.update({ where: { id: pair.id }, data });
      await announcePairChange(ctx.redis, ctx.config.REDIS_PREFIX, pair.id);
    };
    expect((await quotes()).length).toBeGreaterThan(0);
    await change({ open_coin_trade: 0 });
    await maker.tick();
    await expect.poll(async () => (await quotes()).length, { timeout: 15_000 }).toBe(0);

    await change({ open_coin_trade: 1, price_decimals: 1 });
    await maker.tick();
    await expect.poll(async () => (await quotes()).length, { timeout: 15_000 }).toBeGreaterThan(0);
    for (const order of await quotes()) expect(order.price?.toFixed()).toMatch(/^\d+(\.\d)?$/);
    await change({ price_decimals: pair.price_decimals });
    expect((await ctx.audit()).problems).toEqual([]);
  });
});

describe('the ladder', () => {
  it('puts eight places a side on a fixed grid outside the spread', () => {
    const places = [...ladder({ anchor: 100, reference: 100 }).values()];
    const bids = places.filter((quote) => quote.side === 1).map((quote) => quote.price.toNumber());
    const asks = places.filter((quote) => quote.side === 2).map((quote) => quote.price.toNumber());
    expect(bids).toHaveLength(8);
    expect(asks).toHaveLength(8);
    expect(Math.max(...bids)).toBeLessThan(100 * (1 - 0.0008) + 1e-9);
    expect(Math.min(...asks)).toBeGreaterThan(100 * (1 + 0.0008) - 1e-9);
    for (const price of [...bids, ...asks]) expect((price / 0.06) % 1).toBeCloseTo(0, 6);
  });

  it('keeps most places when the reference moves a little', () => {
    // One grid step (0.06) up: one new place a side, the other fourteen stay.
    const before = new Set(ladder({ anchor: 100, reference: 100.01 }).keys());
    const after = [...ladder({ anchor: 100, reference: 100.07 }).keys()];
    expect(after.filter((place) => !before.has(place))).toHaveLength(2);
  });
});
