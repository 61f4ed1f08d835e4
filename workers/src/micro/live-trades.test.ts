import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Money } from '@exchange/kernel/ledger';
import { outcomeOf, SETTLE_GRACE_MS } from '@exchange/api/modules/micro';
import { useTestContext } from '../../../test/harness';
import { microFixtures } from '../../../apps/api/src/modules/micro/test-helpers';
import { MicroSettler } from './settler';

/**
 * Seconds orders settled by the worker on prices the real matcher recorded: spot orders that trade on
 * BTC/USDT at 100, then 105 while the orders run, then 95 between the short and the long expiries. Nothing
 * is inserted into spot_trades by hand; `npm run ops -- micro:verify` then recomputes every order.
 */
const run = promisify(execFile);
const ctx = useTestContext();
let fx: ReturnType<typeof microFixtures>;
let usdt: number;
let btc: number;
let pairId: number;
let settler: MicroSettler;
// Wide enough for a loaded machine: four orders and a trade must fit in the short duration, and a trade between
// the two expiries.
const SHORT = 4;
const LONG = 10;

beforeAll(async () => {
  fx = microFixtures(ctx);
  ({ usdt, btc, pairId } = await fx.ids());
  await ctx.fundHouse('micro_pool', 'USDT', '100000');
  // The spot orders here trade 0.01 BTC (a notional of about 1 USDT): a minimum of 0.5 and a one-second window
  // let each trade price alone, as on a quiet book; settlement-price.test.ts tests the weighting itself.
  await ctx.prisma.currencyMatch.update({
    where: { id: pairId },
    data: { micro_price_min_notional: '0.5', micro_price_window_seconds: 1 },
  });
  for (const seconds of [SHORT, LONG])
    await ctx.prisma.microSecond.create({ data: { seconds, profit_ratio: '80' } });
  await ctx.startMatcher();
  settler = new MicroSettler({
    databaseUrl: ctx.databaseUrl,
    redisUrl: ctx.redisUrl,
    redisPrefix: ctx.config.REDIS_PREFIX,
    log: (fields, message) => console.error(message, fields),
  });
  await settler.start();
});
afterAll(() => settler?.stop());

const tradeCount = () => ctx.prisma.spotTrade.count({ where: { match_id: pairId } });

/** A sell resting at `price` and a buy that takes it, through the spot API; waits until the matcher recorded the trade. */
async function tradeAt(
  maker: { token: string },
  taker: { token: string },
  price: string,
): Promise<{ price: string; createdAt: Date }> {
  const before = await tradeCount();
  const order = (token: string, type: 1 | 2) =>
    ctx.post(
      '/api/coin/trade',
      { legal_id: usdt, currency_id: btc, type, target_price: price, amount: '0.01' },
      token,
    );
  expect((await order(maker.token, 2)).body.type).toBe('ok');
  expect((await order(taker.token, 1)).body.type).toBe('ok');
  await expect.poll(tradeCount, { timeout: 10_000, interval: 20 }).toBe(before + 1);
  const last = await ctx.prisma.spotTrade.findFirstOrThrow({
    where: { match_id: pairId },
    orderBy: [{ created_at: 'desc' }, { sequence: 'desc' }],
  });
  return { price: last.price.toFixed(), createdAt: last.created_at };
}

/** The pair's last recorded trade price at or before an instant, read straight from the table. */
async function lastPriceAt(at: Date): Promise<string> {
  const trade = await ctx.prisma.spotTrade.findFirstOrThrow({
    where: { match_id: pairId, created_at: { lte: at } },
    orderBy: [{ created_at: 'desc' }, { sequence: 'desc' }],
  });
  return trade.price.toFixed();
}

describe('the settlement worker on trades of the real matcher', () => {
  it('settles up and down orders of two durations from the recorded trades, and micro:verify agrees', async () => {
    const maker = await ctx.signedInUser();
    const taker = await ctx.signedInUser();
    await ctx.deposit(maker.account, 'BTC', '1');
    await ctx.deposit(taker.account, 'USDT', '10000');
    const first = await tradeAt(maker, taker, '100');
    expect(first.price).toBe('100');

    const alice = await fx.trader('1000');
    const bob = await fx.trader('1000');
    const place = async (user: { token: string }, type: 1 | 2, seconds: number, number: string) => {
      const answer = await ctx.post(
        '/api/microtrade/submit',
        { match_id: pairId, currency_id: usdt, type, seconds, number },
        user.token,
      );
      expect(answer.body.type, JSON.stringify(answer.body)).toBe('ok');
      expect(answer.body.message.open_price).toBe('100');
      return String(answer.body.message.id);
    };
    // The long ones first: the rise must be recorded after the last acceptance and before the first short
    // expiry, the fall after the last short expiry and before the first long one.
    const orders = [
      { user: alice, id: await place(alice, 2, LONG, '20') },
      { user: bob, id: await place(bob, 1, LONG, '10') },
      { user: alice, id: await place(alice, 1, SHORT, '100') },
      { user: bob, id: await place(bob, 2, SHORT, '50') },
    ];
    const rows = () =>
      Promise.all(
        orders.map((order) => ctx.prisma.microOrder.findUniqueOrThrow({ where: { id: BigInt(order.id) } })),
      );
    expect((await ctx.audit()).problems).toEqual([]);

    // The market moves up while every order runs, then down after the short ones have expired.
    const up = await tradeAt(maker, taker, '105');
    const placed = await rows();
    const shortExpiry = Math.max(
      ...placed.filter((row) => row.seconds === SHORT).map((row) => row.expires_at.getTime()),
    );
    expect(up.createdAt.getTime()).toBeLessThan(shortExpiry);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, shortExpiry + 50 - Date.now())));
    const down = await tradeAt(maker, taker, '95');
    const longExpiry = Math.min(
      ...placed.filter((row) => row.seconds === LONG).map((row) => row.expires_at.getTime()),
    );
    expect(down.createdAt.getTime()).toBeLessThan(longExpiry);

    // The worker settles each on its own (expiry jobs, sweeper): nothing here calls settleDue.
    await expect
      .poll(async () => (await rows()).every((row) => row.status === 3), { timeout: 15_000, interval: 100 })
      .toBe(true);
    const paid = new Map<number, Money>();
    for (const row of await rows()) {
      const open = await lastPriceAt(row.accepted_at);
      const end = await lastPriceAt(row.expires_at);
      expect(end).toBe(row.seconds === SHORT ? '105' : '95');
      expect(row.open_price.toFixed()).toBe(open);
      expect(row.end_price?.toFixed()).toBe(end);
      const stake = new Money(row.number.toFixed());
      const result = outcomeOf(row.type, new Money(open), new Money(end));
      const payout = result > 0 ? stake.times('1.8') : result === 0 ? stake : new Money(0);
      expect(row.profit_result).toBe(result);
      expect(new Money(row.payout.toFixed()).toFixed()).toBe(payout.toFixed());
      expect(row.settled_at?.getTime() ?? 0).toBeGreaterThanOrEqual(
        row.expires_at.getTime() + SETTLE_GRACE_MS,
      );
      paid.set(row.user_id, (paid.get(row.user_id) ?? new Money(0)).plus(payout).minus(stake.times('1.01')));
    }
    // Alice won both (up 100 at 105, down 20 at 95): +80 and +16 less fees of 1.2; Bob lost both.
    expect(paid.get(alice.id)?.toFixed()).toBe('94.8');
    expect(paid.get(bob.id)?.toFixed()).toBe('-60.6');
    expect(await fx.micro(alice.id, usdt)).toEqual({ available: '1094.8', locked: '0' });
    expect(await fx.micro(bob.id, usdt)).toEqual({ available: '939.4', locked: '0' });
    expect((await ctx.audit()).problems).toEqual([]);

    // `npm run ops -- micro:verify`, as an operator runs it, finds no mismatch.
    const verify = await run('npx', ['tsx', 'apps/api/src/ops/cli.ts', 'micro:verify'], {
      env: { ...process.env, DATABASE_URL: ctx.databaseUrl, LOG_LEVEL: 'silent' },
    });
    const report = JSON.parse(verify.stdout.trim().split('\n').at(-1) ?? 'null') as unknown;
    expect(report).toEqual({ ok: true, checked: 4, mismatches: [] });
  }, 120_000);
});
