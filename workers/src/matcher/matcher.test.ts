import { beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, useTestContext, type TestContext } from '../../../test/harness';
import { createPool } from '@exchange/kernel/db';
import {
  announcePairChange,
  Market,
  settleBatch,
  SpotCommands,
  type SpotCommand,
} from '@exchange/api/modules/spot';
import { limitRequest, placeCommandOf, placeCommands } from '../../../apps/api/src/modules/spot/test-helpers';
import { Matcher } from './matcher';

const ctx = useTestContext();
let usdt: number;
let btc: number;
let matcher: Matcher;
beforeAll(async () => {
  [usdt, btc] = await ctx.currencyIds('USDT', 'BTC');
});

const trade = (token: string, type: 1 | 2, price: string, amount: string) =>
  ctx.post('/api/coin/trade', { legal_id: usdt, currency_id: btc, type, target_price: price, amount }, token);

async function loadMarket(): Promise<Market> {
  const pair = await ctx.prisma.currencyMatch.findFirstOrThrow({
    where: { legal_id: usdt, currency_id: btc },
    include: { legal: true, currency: true },
  });
  const market = new Market(pair);
  await market.rebuild(ctx.prisma);
  return market;
}

/** A seller and a buyer in a fresh exchange cross at one price; waits until both orders are filled. */
async function crossTwoOrders(exchange: TestContext, base = 'BTC'): Promise<void> {
  const seller = await exchange.signedInUser();
  const buyer = await exchange.signedInUser();
  await exchange.deposit(seller.account, base, '1');
  await exchange.deposit(buyer.account, 'USDT', '1000');
  const currencyId = await exchange.currencyId(base);
  const place = (token: string, type: 1 | 2) =>
    exchange.post(
      '/api/coin/trade',
      { legal_id: usdt, currency_id: currencyId, type, target_price: '200', amount: '0.1' },
      token,
    );
  for (const [token, type] of [
    [seller.token, 2],
    [buyer.token, 1],
  ] as const) {
    const answer = await place(token, type);
    expect(answer.body.type, answer.body.message).toBe('ok');
  }
  await expect
    .poll(
      () =>
        exchange.prisma.spotOrder.count({
          where: { user_id: { in: [seller.id, buyer.id] }, state: 'filled' },
        }),
      { timeout: 15_000 },
    )
    .toBe(2);
}

describe('the matcher survives crashes', () => {
  it('acknowledges no order while it is down: refused as not placed after the wait, holding nothing', async () => {
    const seller = await ctx.signedInUser();
    const buyer = await ctx.signedInUser();
    await ctx.deposit(seller.account, 'BTC', '1');
    await ctx.deposit(buyer.account, 'USDT', '1000');
    const ask = await trade(seller.token, 2, '500', '1');
    expect(ask.body).toMatchObject({
      type: 'error',
      message: 'The exchange did not place the order in time and nothing was taken: please try again',
      order: { state: 'rejected' },
    });
    expect(await ctx.balance(seller.id, btc)).toEqual({ available: '1', locked: '0' });
    expect((await ctx.audit()).problems).toEqual([]);

    // The command is still in the stream when a matcher starts: it finds the refusal and books nothing.
    matcher = await ctx.startMatcher();
    const bid = await trade(buyer.token, 1, '500', '1');
    expect(bid.body).toMatchObject({ type: 'ok', order: { state: 'open' } });
    const row = await ctx.prisma.spotOrder.findUniqueOrThrow({ where: { id: BigInt(ask.body.order.id) } });
    expect([row.state, row.reject_reason]).toEqual(['rejected', 'not_placed']);
    expect(await ctx.prisma.spotTrade.count()).toBe(0);
    expect(await ctx.balance(seller.id, btc)).toEqual({ available: '1', locked: '0' });
    expect((await trade(seller.token, 2, '500', '1')).body.order.state).toBe('filled');
    expect(await ctx.prisma.spotTrade.count()).toBe(1);
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('books nothing twice when a batch is replayed after a crash', async () => {
    const seller = await ctx.signedInUser();
    const buyer = await ctx.signedInUser();
    await ctx.deposit(seller.account, 'BTC', '1');
    await ctx.deposit(buyer.account, 'USDT', '1000');
    // With the matcher running from the first test, place two crossing orders, then replay their jobs
    // against a book rebuilt from Postgres, as a restarted matcher would.
    const ask = await trade(seller.token, 2, '400', '0.5');
    const bid = await trade(buyer.token, 1, '400', '0.5');
    expect(bid.body.order.state).toBe('filled');
    const trades = await ctx.prisma.spotTrade.count();
    const logs = await ctx.prisma.accountLog.count();
    const pool = createPool(ctx.databaseUrl, 1);
    const market = await loadMarket();
    const placeAgain = (id: string, userId: number, side: 1 | 2): SpotCommand =>
      placeCommandOf(limitRequest(market.pair, userId, side, '400', '0.5'), id);
    const replayed = await settleBatch(pool, market, [
      placeAgain(ask.body.order.id as string, seller.id, 2),
      placeAgain(bid.body.order.id as string, buyer.id, 1),
      { command: 'cancel', orderId: ask.body.order.id as string, ownerId: seller.id },
    ]);
    await pool.end();
    expect(replayed.trades).toEqual([]);
    expect(replayed.placed).toBe(0);
    // Each command is answered with the order as it stands.
    expect(replayed.results.map((result) => result.state)).toEqual(['filled', 'filled', 'filled']);
    expect(await ctx.prisma.spotTrade.count()).toBe(trades);
    expect(await ctx.prisma.accountLog.count()).toBe(logs);
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('rebuilds the book from open orders after a restart, with price-time priority intact', async () => {
    const first = await ctx.signedInUser();
    const second = await ctx.signedInUser();
    await ctx.deposit(first.account, 'BTC', '1');
    await ctx.deposit(second.account, 'BTC', '1');
    const early = await trade(first.token, 2, '900', '0.1');
    const late = await trade(second.token, 2, '900', '0.1');
    // The orders rest in the running matcher's book; a new matcher knows them only from Postgres.
    await matcher.stop();
    matcher = await ctx.startMatcher();
    const market = await loadMarket();
    expect(market.book.depth(1).asks).toEqual([[90000, 20000]]);
    const buyer = await ctx.signedInUser();
    await ctx.deposit(buyer.account, 'USDT', '1000');
    expect((await trade(buyer.token, 1, '900', '0.1')).body.order.state).toBe('filled');
    const filled = await ctx.prisma.spotOrder.findMany({
      where: { id: { in: [BigInt(early.body.order.id), BigInt(late.body.order.id)] } },
      orderBy: { id: 'asc' },
    });
    expect(filled.map((order) => order.state)).toEqual(['filled', 'open']);
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('takes its lease back when Redis forgot it (a FLUSHALL or a restart), and keeps matching', async () => {
    // Found by the crash drills: the matcher read the missing lease as another matcher's and stopped for
    // good, while its process lived on and nobody matched again.
    const lease = `matcher:lease:${(await loadMarket()).pair.id}`;
    await ctx.redis.del(lease);
    await expect.poll(() => ctx.redis.exists(lease), { timeout: 10_000 }).toBe(1);
    const seller = await ctx.signedInUser();
    const buyer = await ctx.signedInUser();
    await ctx.deposit(seller.account, 'BTC', '1');
    await ctx.deposit(buyer.account, 'USDT', '1000');
    const ask = await trade(seller.token, 2, '300', '0.2');
    const bid = await trade(buyer.token, 1, '300', '0.2');
    await expect
      .poll(
        async () =>
          (
            await ctx.prisma.spotOrder.findMany({
              where: { id: { in: [BigInt(ask.body.order.id), BigInt(bid.body.order.id)] } },
            })
          ).map((order) => order.state),
        { timeout: 10_000 },
      )
      .toEqual(['filled', 'filled']);
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('keeps running through a Postgres outage and matches again when it is back', async () => {
    // Found by the crash drills: a failure while Postgres restarted ended the whole workers process.
    const down = await createTestContext();
    const logs: string[] = [];
    const matcher = new Matcher({
      prisma: down.prisma,
      databaseUrl: down.databaseUrl,
      redisUrl: down.redisUrl,
      redisPrefix: down.config.REDIS_PREFIX,
      log: (_fields, message) => logs.push(message),
    });
    await matcher.start();
    const pool = createPool(down.databaseUrl, 1);
    const commands = new SpotCommands(down.redisUrl, down.config.REDIS_PREFIX);
    const database = new URL(down.databaseUrl).pathname.slice(1);
    const allowConnections = (allow: boolean) =>
      ctx.prisma.$executeRawUnsafe(`ALTER DATABASE "${database}" WITH ALLOW_CONNECTIONS ${allow}`);
    try {
      const buyer = await down.signedInUser();
      await down.deposit(buyer.account, 'USDT', '100');
      const market = await loadMarket();
      const [bid] = await placeCommands(pool, [limitRequest(market.pair, buyer.id, 1, '10', '1')]);
      await pool.end();
      await allowConnections(false);
      await ctx.prisma.$queryRawUnsafe(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1',
        database,
      );
      // A placement arrives while Postgres is away: its batch fails, and the matcher reads it again.
      if (bid) await commands.send(market.pair.id, bid);
      await expect
        .poll(() => logs, { timeout: 15_000 })
        .toContain('placements read or batch failed, reading again');
      await allowConnections(true);
      await expect
        .poll(() => down.prisma.spotOrder.count({ where: { user_id: buyer.id, state: 'open' } }), {
          timeout: 15_000,
        })
        .toBe(1);
      await crossTwoOrders(down);
      expect((await down.audit()).problems).toEqual([]);
    } finally {
      await allowConnections(true);
      await commands.close();
      await matcher.stop();
      await down.close();
    }
  });
});

describe('matchers sharded by pair', () => {
  it('runs each market in exactly one of several matchers, and one standing by takes a market given up', async () => {
    const sharded = await createTestContext();
    const matcherFor = (matcherPairs?: string[]) =>
      new Matcher({
        prisma: sharded.prisma,
        databaseUrl: sharded.databaseUrl,
        redisUrl: sharded.redisUrl,
        redisPrefix: sharded.config.REDIS_PREFIX,
        log: () => undefined,
        matcherPairs,
      });
    const btcMatcher = matcherFor(['BTC/USDT']);
    const ethMatcher = matcherFor(['ETH/USDT']);
    const standby = matcherFor();
    try {
      for (const matcher of [btcMatcher, ethMatcher, standby]) await matcher.start();
      await crossTwoOrders(sharded, 'BTC');
      await crossTwoOrders(sharded, 'ETH');
      expect([btcMatcher, ethMatcher, standby].map((matcher) => matcher.stats.batches > 0)).toEqual([
        true,
        true,
        false,
      ]);
      // Stopped, the BTC matcher releases its market's lease; the one standing by takes the market at its
      // next lease round.
      await btcMatcher.stop();
      const lease = `matcher:lease:${(await loadMarket()).pair.id}`;
      await expect.poll(() => sharded.redis.exists(lease), { timeout: 10_000 }).toBe(1);
      await crossTwoOrders(sharded, 'BTC');
      expect(standby.stats.batches).toBeGreaterThan(0);
      expect((await sharded.audit()).problems).toEqual([]);
    } finally {
      for (const matcher of [btcMatcher, ethMatcher, standby]) await matcher.stop();
      await sharded.close();
    }
  });
});

describe('the matcher and the pairs an operator opens', () => {
  it('runs a closed pair that still holds orders, so their owners can cancel them after a restart', async () => {
    const closed = await createTestContext();
    const pair = await closed.prisma.currencyMatch.findFirstOrThrow({
      where: { legal_id: usdt, currency_id: btc },
    });
    let matcher = await closed.startMatcher();
    try {
      const seller = await closed.signedInUser();
      await closed.deposit(seller.account, 'BTC', '1');
      const ask = await closed.post(
        '/api/coin/trade',
        { legal_id: usdt, currency_id: btc, type: 2, target_price: '5000', amount: '0.5' },
        seller.token,
      );
      expect(ask.body.order.state).toBe('open');
      // Delisted, and the matcher restarts while the pair is closed.
      await closed.prisma.currencyMatch.update({ where: { id: pair.id }, data: { open_coin_trade: 0 } });
      await matcher.stop();
      matcher = await closed.startMatcher();
      const cancel = await closed.http
        .put('/api/coin/trade')
        .set('Authorization', seller.token)
        .type('form')
        .send({ id: ask.body.order.id });
      expect(cancel.body.type).toBe('ok');
      await expect
        .poll(
          async () =>
            (await closed.prisma.spotOrder.findUniqueOrThrow({ where: { id: BigInt(ask.body.order.id) } }))
              .state,
          {
            timeout: 15_000,
          },
        )
        .toBe('cancelled');
      expect(await closed.balance(seller.id, btc)).toEqual({ available: '1', locked: '0' });
      expect((await closed.audit()).problems).toEqual([]);
    } finally {
      await matcher.stop();
      await closed.close();
    }
  });

  it('starts matching a pair that was closed when it started, once the pair is opened', async () => {
    const later = await createTestContext();
    const pair = await later.prisma.currencyMatch.findFirstOrThrow({
      where: { legal_id: usdt, currency_id: btc },
    });
    await later.prisma.currencyMatch.update({ where: { id: pair.id }, data: { open_coin_trade: 0 } });
    const matcher = await later.startMatcher();
    try {
      await later.prisma.currencyMatch.update({ where: { id: pair.id }, data: { open_coin_trade: 1 } });
      await announcePairChange(later.redis, later.config.REDIS_PREFIX, pair.id);
      await crossTwoOrders(later);
      expect((await later.audit()).problems).toEqual([]);
    } finally {
      await matcher.stop();
      await later.close();
    }
  });
});
