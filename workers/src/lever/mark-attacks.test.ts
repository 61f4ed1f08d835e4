import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Money } from '@exchange/kernel/ledger';
import { useTestContext, type TestContext } from '../../../test/harness';
import {
  btcUsdtIds,
  cancelSpotOrder,
  houseUsdt,
  leverPositions,
  leverTrader,
  spotOrder,
  submitLever,
} from '../../../test/lever';
import { RiskWorker } from './risk-worker';

/**
 * The attacks on the lever mark, tried as an attacker would: real orders through the real matcher, the risk
 * worker computing the mark with the pair's default options, positions opened and closed through HTTP. Each
 * must leave the attacker no richer than an honest trade and the lever pool untouched beyond it.
 */
const ctx = useTestContext();
let worker: RiskWorker;
let btcUsdt: { legalId: number; currencyId: number };
let matchId: number;
let maker: Awaited<ReturnType<TestContext['signedInUser']>>;
let attacker: Awaited<ReturnType<typeof leverTrader>>;

const waitLong = { timeout: 15_000, interval: 50 };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  btcUsdt = await btcUsdtIds(ctx);
  matchId = (
    await ctx.prisma.currencyMatch.findFirstOrThrow({
      where: { legal_id: btcUsdt.legalId, currency_id: btcUsdt.currencyId },
    })
  ).id;
  await ctx.fundHouse('lever_pool', 'USDT', '1000000');
  await ctx.fundHouse('insurance_fund', 'USDT', '1000000');
  await ctx.startMatcher();
  // An honest book: 1 BTC bid at 60 000 and asked at 60 200, and a trade at 60 100 between two traders.
  maker = await ctx.signedInUser();
  const taker = await ctx.signedInUser();
  await ctx.deposit(maker.account, 'USDT', '200000');
  await ctx.deposit(maker.account, 'BTC', '5');
  await ctx.deposit(taker.account, 'USDT', '10000');
  for (const [token, side, price, amount] of [
    [maker.token, 'buy', '60000', '1'],
    [maker.token, 'sell', '60200', '1'],
    [maker.token, 'sell', '60100', '0.01'],
    [taker.token, 'buy', '60100', '0.01'],
  ] as const)
    expect((await spotOrder(ctx, token, btcUsdt, side, price, amount)).body.type).toBe('ok');
  worker = new RiskWorker({
    databaseUrl: ctx.databaseUrl,
    redisUrl: ctx.redisUrl,
    redisPrefix: ctx.config.REDIS_PREFIX,
    markSampleMs: 100,
    log: () => undefined,
  });
  await worker.start({ overnight: false });
  await vi.waitFor(() => expect(worker.engine.markOf(matchId)?.toFixed()).toBe('60100'), waitLong);
  attacker = await leverTrader(ctx, '5000');
  await ctx.deposit(attacker.account, 'USDT', '70000');
});
afterAll(() => worker.stop());

const deal = async () =>
  (
    await ctx.post(
      '/api/lever/deal',
      { legal_id: btcUsdt.legalId, currency_id: btcUsdt.currencyId },
      attacker.token,
    )
  ).body.message as { last_price: string; mark_state: string };

/** Opens a 16-hand long (0.16 BTC) at 10x; answers the position. */
async function openLong() {
  const before = (await leverPositions(ctx, attacker.id)).length;
  expect((await submitLever(ctx, attacker.token, { share: 16 })).body.type).toBe('ok');
  const position = (await leverPositions(ctx, attacker.id))[before];
  if (!position) throw new Error('no position');
  return position;
}

async function close(id: bigint) {
  return ctx.post('/api/lever/close', { id: id.toString() }, attacker.token);
}

async function closed(id: bigint) {
  const row = await ctx.prisma.leverTransaction.findUniqueOrThrow({ where: { id } });
  return { closePrice: row.close_price?.toFixed(), profit: row.fact_profits.toFixed() };
}

/** The profit of a 0.16 BTC long opened at `price` and closed at the honest mark of 60 100. */
const honestProfit = (price: Money) => new Money('60100').minus(price).times('0.16').toFixed();

describe('the lever mark under attack', () => {
  it('holds when a side empties: a dust bid at ten times the price moves nothing', async () => {
    const long = await openLong();
    expect(long.price.toFixed()).toBe('60112.02');
    const pool = await houseUsdt(ctx, 'lever_pool');
    // The asks go away (their owner cancels them), and the attacker bids 0.0001 BTC at 600 000.
    const ask = await ctx.prisma.spotOrder.findFirstOrThrow({
      where: { user_id: maker.id, match_id: matchId, side: 2, state: 'open' },
    });
    await cancelSpotOrder(ctx, maker.token, ask.id);
    expect((await spotOrder(ctx, attacker.token, btcUsdt, 'buy', '600000', '0.0001')).body.type).toBe('ok');
    await vi.waitFor(
      async () => expect(await deal()).toEqual(expect.objectContaining({ mark_state: 'book_thin' })),
      waitLong,
    );
    await sleep(500);

    // The screen says so, keeps the last reliable price, and new positions are refused.
    expect(await deal()).toMatchObject({ last_price: '60100', mark_state: 'book_thin' });
    expect((await submitLever(ctx, attacker.token, { share: 1 })).body).toEqual({
      type: 'error',
      message: 'The book cannot back a reliable price right now: new positions are paused on this market',
    });
    // Closing pays at the last reliable mark: the attacker gets what an honest close would have paid.
    expect((await close(long.id)).body.type).toBe('ok');
    expect(await closed(long.id)).toEqual({ closePrice: '60100', profit: honestProfit(long.price) });
    const poolGain = (await houseUsdt(ctx, 'lever_pool')).minus(pool);
    expect(poolGain.toFixed()).toBe(new Money(honestProfit(long.price)).neg().toFixed());

    // The book is whole again: the dust bid goes, the ask comes back, and so does a reliable mark.
    const dust = await ctx.prisma.spotOrder.findFirstOrThrow({
      where: { user_id: attacker.id, match_id: matchId, state: 'open' },
    });
    await cancelSpotOrder(ctx, attacker.token, dust.id);
    expect((await spotOrder(ctx, maker.token, btcUsdt, 'sell', '60200', '1')).body.type).toBe('ok');
    await vi.waitFor(async () => expect((await deal()).mark_state).toBe('ok'), waitLong);
    expect(worker.engine.markOf(matchId)?.toFixed()).toBe('60100');
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('ignores a quote held a few seconds on a thin book: no profit, no stop fired', async () => {
    // A victim holds a short with its stop-loss at 60 150.
    const victim = await leverTrader(ctx, '5000');
    expect((await submitLever(ctx, victim.token, { type: 2, share: 10 })).body.type).toBe('ok');
    const [short] = await leverPositions(ctx, victim.id);
    const stop = await ctx.post(
      '/api/lever/setstop',
      { id: String(short?.id), stop_loss_price: '60150' },
      victim.token,
    );
    expect(stop.body.type).toBe('ok');
    const long = await openLong();
    const pool = await houseUsdt(ctx, 'lever_pool');
    // The mark's window holds seconds of the healthy book, as it always does once the worker has run longer
    // than its smoothing window (30 s; it looks every 100 ms in this test, every second in production).
    await sleep(4_000);

    // The attacker bids 1 BTC at 60 190, just under the ask, for three seconds, and closes meanwhile.
    expect((await spotOrder(ctx, attacker.token, btcUsdt, 'buy', '60190', '1')).body.type).toBe('ok');
    await sleep(1_500);
    expect((await close(long.id)).body.type).toBe('ok');
    await sleep(1_500);
    const wall = await ctx.prisma.spotOrder.findFirstOrThrow({
      where: { user_id: attacker.id, match_id: matchId, state: 'open' },
    });
    await cancelSpotOrder(ctx, attacker.token, wall.id);

    expect(await closed(long.id)).toEqual({ closePrice: '60100', profit: honestProfit(long.price) });
    expect((await houseUsdt(ctx, 'lever_pool')).minus(pool).toFixed()).toBe(
      new Money(honestProfit(long.price)).neg().toFixed(),
    );
    await sleep(500);
    expect((await leverPositions(ctx, victim.id)).map((row) => row.status)).toEqual([1]);
    expect(worker.engine.markOf(matchId)?.toFixed()).toBe('60100');
    expect((await ctx.audit()).problems).toEqual([]);
  });
});
