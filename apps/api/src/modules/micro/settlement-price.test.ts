import { beforeAll, describe, expect, it } from 'vitest';
import { Money } from '@exchange/kernel/ledger';
import { useTestContext } from '../../../../../test/harness';
import { setMicroPairOptions } from './pair-options';
import { poolSql } from '@exchange/kernel/db';
import { SETTLE_GRACE_MS } from './prices';
import { settleDue } from './settle';
import { submitOrder } from './submit-order';
import { microFixtures } from './test-helpers';
import { verifySettlements } from './verify';

/**
 * Issue 26: the price a seconds order settles on cannot be set by one small trade, and the micro pool is
 * never asked for more than it holds. Spot trades here go through the real API and matcher.
 */
const ctx = useTestContext();
let fx: ReturnType<typeof microFixtures>;
let usdt: number;
let btc: number;
let hap: number;
let pairId: number;
const SECONDS = 3;

beforeAll(async () => {
  fx = microFixtures(ctx);
  ({ usdt, btc, pairId } = await fx.ids());
  hap = await ctx.currencyId('HAP');
  await ctx.fundHouse('micro_pool', 'USDT', '1000000');
  await ctx.prisma.microSecond.create({ data: { seconds: SECONDS, profit_ratio: '80' } });
  await ctx.startMatcher();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const tradeCount = () => ctx.prisma.spotTrade.count({ where: { match_id: pairId } });

/** The seller's limit sell and the buyer's limit buy at one price, through the spot API; waits for the trade. */
async function cross(seller: { token: string }, buyer: { token: string }, price: string, amount: string) {
  const before = await tradeCount();
  const order = (token: string, type: 1 | 2) =>
    ctx.post(
      '/api/coin/trade',
      { legal_id: usdt, currency_id: btc, type, target_price: price, amount },
      token,
    );
  expect((await order(seller.token, 2)).body.type).toBe('ok');
  expect((await order(buyer.token, 1)).body.type).toBe('ok');
  await expect.poll(tradeCount, { timeout: 10_000, interval: 20 }).toBe(before + 1);
  return ctx.prisma.spotTrade.findFirstOrThrow({
    where: { match_id: pairId },
    orderBy: [{ created_at: 'desc' }, { sequence: 'desc' }],
  });
}

async function settleAfter(expiresAt: Date): Promise<void> {
  await sleep(Math.max(0, expiresAt.getTime() + SETTLE_GRACE_MS + 20 - Date.now()));
  await settleDue(ctx.app.pg);
}

/** What the user holds of a currency over the spot and micro accounts. */
async function holdings(userId: number, currencyId: number): Promise<Money> {
  const [spot, micro] = await Promise.all([
    ctx.balance(userId, currencyId),
    ctx.balance(userId, currencyId, 'micro'),
  ]);
  return [spot.available, spot.locked, micro.available, micro.locked].reduce(
    (sum, value) => sum.plus(value),
    new Money(0),
  );
}

describe('the settlement price of a seconds order', () => {
  it('a tiny wash trade between two accounts just before expiry leaves the honest price and outcome', async () => {
    const maker = await ctx.signedInUser();
    const taker = await ctx.signedInUser();
    await ctx.deposit(maker.account, 'BTC', '100');
    await ctx.deposit(taker.account, 'USDT', '100000');
    // The attacker: `bettor` holds the seconds order (and USDT to buy with), `accomplice` the BTC to sell.
    const bettor = await fx.trader('1000');
    await ctx.deposit(bettor.account, 'USDT', '10');
    const accomplice = await ctx.signedInUser();
    await ctx.deposit(accomplice.account, 'BTC', '1');
    const attackerUsdt = async () =>
      (await holdings(bettor.id, usdt)).plus(await holdings(accomplice.id, usdt));
    const attackerBtc = async () => (await holdings(bettor.id, btc)).plus(await holdings(accomplice.id, btc));
    const before = { usdt: await attackerUsdt(), btc: await attackerBtc(), pool: await fx.pool(usdt) };

    // An honest trade of 1,000 USDT (the default minimum) at 100, then the bet on a rise.
    await cross(maker, taker, '100', '10');
    const placed = await ctx.post(
      '/api/microtrade/submit',
      { match_id: pairId, currency_id: usdt, seconds: SECONDS, type: 1, number: '100' },
      bettor.token,
    );
    expect(placed.body.type, JSON.stringify(placed.body)).toBe('ok');
    expect(placed.body.message.open_price).toBe('100');
    const id = BigInt(placed.body.message.id);
    const order = await ctx.prisma.microOrder.findUniqueOrThrow({ where: { id } });

    // The market honestly falls: 1,000 USDT more at 99, so the bet loses at a volume-weighted 99.5.
    await cross(maker, taker, '99', '10');
    // Just before expiry, on the now empty book, the two accounts print 0.0001 BTC at 150 between them.
    await sleep(Math.max(0, order.expires_at.getTime() - 800 - Date.now()));
    const wash = await cross(accomplice, bettor, '150', '0.0001');
    expect(wash.price.toFixed()).toBe('150');
    expect(wash.created_at.getTime()).toBeLessThanOrEqual(order.expires_at.getTime());

    await settleAfter(order.expires_at);
    const settled = await ctx.prisma.microOrder.findUniqueOrThrow({ where: { id } });
    // The last trade (150) would have paid 80; the volume-weighted price of the window is the honest one.
    expect({
      open: settled.open_price.toFixed(),
      end: settled.end_price?.toFixed(),
      result: settled.profit_result,
      payout: settled.payout.toFixed(),
    }).toEqual({ open: '100', end: '99.5', result: -1, payout: '0' });
    // The inputs are recorded with the order: the rule, and what each price counted.
    expect({
      window: settled.price_window_ms,
      lookback: settled.price_lookback_ms,
      minimum: settled.price_min_notional?.toFixed(),
      decimals: settled.price_decimals,
      openNotional: settled.open_notional?.toFixed(),
      openTrades: settled.open_trades,
      endNotional: settled.end_notional?.toFixed(),
      endTrades: settled.end_trades,
    }).toEqual({
      window: 10_000,
      lookback: 300_000,
      minimum: '1000',
      decimals: 2,
      openNotional: '1000',
      openTrades: 1,
      endNotional: '1990.015',
      endTrades: 3,
    });

    // No richer than the honest loss (stake 100 and fee 1) over both accounts; the spot fees on top.
    const after = { usdt: await attackerUsdt(), btc: await attackerBtc(), pool: await fx.pool(usdt) };
    expect(after.usdt.minus(before.usdt).lte(-101)).toBe(true);
    expect(after.btc.minus(before.btc).lte(0)).toBe(true);
    // The pool took the lost stake, as from an honest loss, and paid nothing.
    expect(new Money(after.pool).minus(before.pool).toFixed()).toBe('100');
    expect((await ctx.audit()).problems).toEqual([]);

    // micro:verify recomputes the prices and their inputs from spot_trades alone, and notices a change.
    expect(await verifySettlements(poolSql(ctx.app.pg))).toMatchObject({ ok: true, mismatches: [] });
    await ctx.prisma.microOrder.update({ where: { id }, data: { end_notional: '1990' } });
    expect((await verifySettlements(poolSql(ctx.app.pg))).mismatches).toEqual([
      { id: String(id), problem: 'end_notional 1990 != 1990.015' },
    ]);
    await ctx.prisma.microOrder.update({ where: { id }, data: { end_notional: '1990.015' } });
  }, 30_000);

  it('refuses an order while too little has traded, and voids one when too little trades before expiry', async () => {
    const eth = await ctx.currencyId('ETH');
    const ethPair = await ctx.prisma.currencyMatch.findFirstOrThrow({
      where: { legal_id: usdt, currency_id: eth },
    });
    await setMicroPairOptions(ctx.prisma, ethPair.id, {
      micro_price_window_seconds: 1,
      micro_price_lookback_seconds: 2,
    });
    const user = await fx.trader('1000');
    const submit = () =>
      ctx.post(
        '/api/microtrade/submit',
        { match_id: ethPair.id, currency_id: usdt, seconds: SECONDS, type: 1, number: '100' },
        user.token,
      );
    // 500 USDT traded: below the minimum of 1,000.
    await fx.trade(ethPair.id, '100', new Date(Date.now() - 300), '5');
    expect((await submit()).body).toEqual({
      type: 'error',
      message:
        'Too little has traded on this market just now to price a seconds order; please try again shortly',
    });
    expect(await fx.micro(user.id, usdt)).toEqual({ available: '1000', locked: '0' });

    await fx.trade(ethPair.id, '101', new Date(Date.now() - 1), '5');
    const placed = await submit();
    expect(placed.body.type, JSON.stringify(placed.body)).toBe('ok');
    // Both trades count: (500 + 505) / 10.
    expect(placed.body.message.open_price).toBe('100.5');
    const id = BigInt(placed.body.message.id);
    const order = await ctx.prisma.microOrder.findUniqueOrThrow({ where: { id } });
    // Nothing trades in the two seconds before expiry: no reliable end price, the order is void.
    await settleAfter(order.expires_at);
    const settled = await ctx.prisma.microOrder.findUniqueOrThrow({ where: { id } });
    expect({
      status: settled.status,
      end: settled.end_price,
      result: settled.profit_result,
      payout: settled.payout.toFixed(),
      endTrades: settled.end_trades,
    }).toEqual({ status: 3, end: null, result: 0, payout: '100', endTrades: 0 });
    // The stake is back; the fee stays paid, as for a tie.
    expect(await fx.micro(user.id, usdt)).toEqual({ available: '999', locked: '0' });
    const listed = await ctx.get('/api/microtrade/lists?status=3', user.token);
    expect(listed.body.message.data[0]).toMatchObject({
      end_price: '',
      profit_result: 0,
      profit_result_name: 'Void: no reliable price, stake returned',
      payout: '100',
    });
    expect((await ctx.audit()).problems).toEqual([]);
    expect((await verifySettlements(poolSql(ctx.app.pg))).mismatches).toEqual([]);
  }, 30_000);
});

describe('the micro pool’s exposure', () => {
  const submitHap = (userId: number, number: string) =>
    submitOrder({ prisma: ctx.prisma, pool: ctx.app.pg }, userId, {
      matchId: pairId,
      currencyId: hap,
      type: '1',
      seconds: String(SECONDS),
      number,
    });
  const refusal = (attempt: Promise<unknown>) =>
    attempt.then(
      () => 'accepted',
      (error: unknown) => (error as { key?: string }).key ?? String(error),
    );

  it('caps what a user’s and a pair’s running orders may win, and what all of them may win, also at once', async () => {
    // 1,000 HAP in the pool; 10 % of it (100) per user on the pair, 50 % (500) for the pair.
    await ctx.fundHouse('micro_pool', 'HAP', '1000');
    await setMicroPairOptions(ctx.prisma, pairId, {
      micro_pair_exposure_percent: '50',
      micro_user_exposure_percent: '10',
    });
    await fx.trade(pairId, '100', new Date(Date.now() - 1));
    const poolBefore = await fx.pool(hap);
    const first = await fx.trader('1000', 'HAP');
    // 100 at 80 % may win 80; another 50 (40 more) would put 120 of the user's 100 at risk.
    await submitHap(first.id, '100');
    const answer = await ctx.post(
      '/api/microtrade/submit',
      { match_id: pairId, currency_id: hap, seconds: SECONDS, type: 2, number: '50' },
      first.token,
    );
    expect(answer.body).toEqual({
      type: 'error',
      message:
        'Your running seconds orders on BTC/USDT may win at most 100 HAP together; this order would go beyond it',
    });
    // Four users of 120 (96 each) fill the pair to 464 of its 500; a fifth would go beyond it.
    for (let index = 0; index < 4; index += 1) await submitHap((await fx.trader('1000', 'HAP')).id, '120');
    const fifth = await fx.trader('1000', 'HAP');
    const refused = await ctx.post(
      '/api/microtrade/submit',
      { match_id: pairId, currency_id: hap, seconds: SECONDS, type: 1, number: '120' },
      fifth.token,
    );
    expect(refused.body).toEqual({
      type: 'error',
      message:
        'Seconds orders on BTC/USDT are at their limit (at most 500 HAP of possible winnings); try a smaller amount or later',
    });

    // With the pair allowed the whole pool, 536 is left: of eight orders of 300 (240 each) sent at once,
    // exactly two fit, whatever order they arrive in.
    await setMicroPairOptions(ctx.prisma, pairId, {
      micro_pair_exposure_percent: '100',
      micro_user_exposure_percent: '100',
    });
    const users = await Promise.all(Array.from({ length: 8 }, () => fx.trader('1000', 'HAP')));
    const outcomes = await Promise.all(users.map((user) => refusal(submitHap(user.id, '300'))));
    expect(outcomes.filter((outcome) => outcome === 'accepted')).toHaveLength(2);
    expect(outcomes.filter((outcome) => outcome !== 'accepted')).toEqual(
      Array(6).fill('micro_pool_exposure_limit'),
    );
    const [running] = await ctx.prisma.$queryRawUnsafe<{ total: string }[]>(
      'SELECT SUM(number * profit_ratio / 100)::text AS total FROM micro_orders WHERE status = 1 AND currency_id = $1',
      hap,
    );
    expect(new Money(running?.total ?? '0').toFixed()).toBe('944');
    expect(new Money(running?.total ?? '0').lte(await fx.pool(hap))).toBe(true);
    // Refused orders took nothing; the pool is untouched until settlement.
    expect(await fx.pool(hap)).toBe(poolBefore);
    expect((await ctx.audit()).problems).toEqual([]);
    await setMicroPairOptions(ctx.prisma, pairId, {
      micro_pair_exposure_percent: '20',
      micro_user_exposure_percent: '2',
    });
  }, 30_000);

  it('refuses options that are not a price rule or a share of the pool, changing nothing', async () => {
    const before = await ctx.prisma.currencyMatch.findUniqueOrThrow({ where: { id: pairId } });
    const cases: [Parameters<typeof setMicroPairOptions>[2], string][] = [
      [{ micro_price_window_seconds: 0 }, 'the price window is a whole number of seconds, 1 to 3600'],
      [{ micro_price_window_seconds: 1.5 }, 'the price window is a whole number of seconds, 1 to 3600'],
      [
        { micro_price_window_seconds: 400 },
        'the lookback is a whole number of seconds, from the window to 86400',
      ],
      [
        { micro_price_lookback_seconds: 100_000 },
        'the lookback is a whole number of seconds, from the window to 86400',
      ],
      [{ micro_price_min_notional: '0' }, 'the minimum notional must be positive'],
      [{ micro_price_min_notional: '-5' }, 'the minimum notional must be a plain non-negative number'],
      [{ micro_price_min_notional: '1e3' }, 'the minimum notional must be a plain non-negative number'],
      [{ micro_pair_exposure_percent: '101' }, 'the pair exposure is a percent of the pool, 0 to 100'],
      [{ micro_pair_exposure_percent: 'abc' }, 'the pair exposure must be a plain non-negative number'],
      [{ micro_user_exposure_percent: '30' }, 'the user exposure is at most the pair exposure'],
    ];
    for (const [change, message] of cases)
      await expect(setMicroPairOptions(ctx.prisma, pairId, change), JSON.stringify(change)).rejects.toThrow(
        message,
      );
    expect(await ctx.prisma.currencyMatch.findUniqueOrThrow({ where: { id: pairId } })).toEqual(before);
  });
});
