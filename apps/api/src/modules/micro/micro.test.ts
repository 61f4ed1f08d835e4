import { beforeAll, describe, expect, it } from 'vitest';
import { Money } from '@exchange/kernel/ledger';
import { useTestContext } from '../../../../../test/harness';
import { poolSql } from '@exchange/kernel/db';
import { SETTLE_GRACE_MS } from './prices';
import { settleDue } from './settle';
import { submitOrder } from './submit-order';
import { microFixtures } from './test-helpers';
import { verifySettlements } from './verify';

const ctx = useTestContext();
let fx: ReturnType<typeof microFixtures>;
let usdt: number;
let pairId: number;
beforeAll(async () => {
  fx = microFixtures(ctx);
  // The house's capital that pays wins and claims, as an operator funds it with `ops house:fund`.
  await ctx.fundHouse('micro_pool', 'USDT', '1000000');
  ({ usdt, pairId } = await fx.ids());
  // A one-second duration, so tests need not wait half a minute.
  await ctx.prisma.microSecond.create({ data: { seconds: 1, profit_ratio: '80' } });
  // A one-second price window: each trade here prices alone (its notional reaches the minimum), so these
  // tests read like the outcomes they check; settlement-price.test.ts tests the window's weighting.
  await ctx.prisma.currencyMatch.update({ where: { id: pairId }, data: { micro_price_window_seconds: 1 } });
  await fx.trade(pairId, '100', new Date(Date.now() - 60_000));
});

const submit = (token: string, body: Record<string, string | number>) =>
  ctx.post('/api/microtrade/submit', { match_id: pairId, currency_id: usdt, seconds: 1, ...body }, token);
/**
 * Waits until every running one-second order is due, then settles: honestly, at the real time (settling
 * early would let later test trades rewrite a settled order's history).
 */
async function settleAll(): Promise<number> {
  const last = await ctx.prisma.microOrder.findFirst({
    where: { status: 1, seconds: 1 },
    orderBy: { expires_at: 'desc' },
  });
  const wait = last ? last.expires_at.getTime() + SETTLE_GRACE_MS + 20 - Date.now() : 0;
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  return settleDue(ctx.app.pg);
}

describe('GET /api/microtrade/seconds and payable_currencies', () => {
  it('lists the durations with their ratios and limits, and the payable currencies with the caller’s balances', async () => {
    const seconds = await ctx.get('/api/microtrade/seconds');
    expect(seconds.body.type).toBe('ok');
    expect(seconds.body.message.map((row: { seconds: number }) => row.seconds)).toEqual([
      1, 30, 60, 120, 300,
    ]);
    expect(seconds.body.message[1]).toMatchObject({
      seconds: 30,
      profit_ratio: '80',
      min_amount: '10',
      max_amount: '10000',
    });

    const user = await fx.trader('500');
    const payable = await ctx.get('/api/microtrade/payable_currencies', user.token);
    expect(payable.body.type).toBe('ok');
    expect(payable.body.message.map((row: { name: string }) => row.name)).toEqual(['USDT', 'HAP']);
    const [usdtRow, hap] = payable.body.message;
    expect(usdtRow).toMatchObject({
      micro_trade_fee: '1',
      micro_holdtrade_max: 10,
      user_wallet: {
        micro_balance: '500.00000000',
        insurance_balance: '0.00000000',
        micro_with_insurance: '500.00000000',
      },
      user_insurance: null,
      insurance_types: [],
    });
    expect(usdtRow.micro_numbers.map((row: { number: string }) => row.number)).toEqual([
      '10',
      '50',
      '100',
      '500',
      '1000',
    ]);
    expect(hap.insurance_types[0]).toMatchObject({
      name: 'HAP seconds insurance',
      min_quantity: 1,
      max_quantity: 100,
    });
    expect((await ctx.get('/api/microtrade/payable_currencies')).body.type).toBe('999');
  });
});

describe('POST /api/microtrade/submit and settlement', () => {
  it('wins: the stake and fee leave at once; at expiry the stake plus stake × ratio comes back from the pool', async () => {
    const user = await fx.trader('1000');
    const poolBefore = new Money(await fx.pool(usdt));
    const placed = await submit(user.token, { type: 1, number: '100' });
    expect(placed.body.type).toBe('ok');
    const order = placed.body.message;
    expect(order).toMatchObject({
      symbol_name: 'BTC/USDT',
      currency_name: 'USDT',
      type: 1,
      status: 1,
      number: '100',
      fee: '1',
      profit_ratio: '80',
      open_price: '100',
      end_price: '',
    });
    expect(order.remain_milli_seconds).toBeGreaterThan(0);
    expect(await fx.micro(user.id, usdt)).toEqual({ available: '899', locked: '100' });
    expect((await ctx.audit()).problems).toEqual([]);

    const row = await ctx.prisma.microOrder.findUniqueOrThrow({ where: { id: BigInt(order.id) } });
    await fx.trade(pairId, '101', new Date(row.accepted_at.getTime() + 300));
    // A trade after expiry does not count.
    await fx.trade(pairId, '90', new Date(row.expires_at.getTime() + 1));
    expect(await settleAll()).toBe(1);
    expect(await fx.micro(user.id, usdt)).toEqual({ available: '1079', locked: '0' });
    expect(new Money(await fx.pool(usdt)).minus(poolBefore).toFixed()).toBe('-80');

    const finished = await ctx.get('/api/microtrade/lists?status=3', user.token);
    expect(finished.body.message).toMatchObject({ current_page: 1, per_page: 20, total: 1 });
    expect(finished.body.message.data[0]).toMatchObject({
      id: order.id,
      status: 3,
      open_price: '100',
      end_price: '101',
      profit_result: 1,
      fact_profits: '80',
      remain_milli_seconds: 0,
    });
    expect((await ctx.audit()).problems).toEqual([]);
    // The trade at 90 after expiry is now the last one: the next order opens there.
    await fx.trade(pairId, '100', new Date(Date.now() - 1));
  });

  it('loses (a down bet when the price rose) and ties (no move): 0 back, or the stake back', async () => {
    const user = await fx.trader('1000');
    const down = (await submit(user.token, { type: 2, number: '200' })).body.message;
    const downRow = await ctx.prisma.microOrder.findUniqueOrThrow({ where: { id: BigInt(down.id) } });
    await fx.trade(pairId, '100.5', new Date(downRow.accepted_at.getTime() + 200));
    expect(await settleAll()).toBe(1);
    expect(await fx.micro(user.id, usdt)).toEqual({ available: '798', locked: '0' });

    await fx.trade(pairId, '100', new Date(Date.now() - 1));
    const tie = (await submit(user.token, { type: 1, number: '50' })).body.message;
    expect(tie.open_price).toBe('100');
    expect(await settleAll()).toBe(1);
    expect(await fx.micro(user.id, usdt)).toEqual({ available: '797.5', locked: '0' });
    const list = (await ctx.get('/api/microtrade/lists?status=3', user.token)).body.message.data;
    expect(
      list.map((row: { profit_result: number; fact_profits: string }) => [
        row.profit_result,
        row.fact_profits,
      ]),
    ).toEqual([
      [0, '0'],
      [-1, '-200'],
    ]);
    expect((await ctx.audit()).problems).toEqual([]);
    expect(await verifySettlements(poolSql(ctx.app.pg))).toMatchObject({ ok: true, mismatches: [] });
  });

  it('refuses bad input with a clear message in the caller’s language, changing nothing', async () => {
    const user = await fx.trader('300');
    const other = await ctx.prisma.currencyMatch.findFirstOrThrow({ where: { open_microtrade: 0 } });
    const cases: [Record<string, string | number>, string][] = [
      [{ match_id: 999_999, type: 1, number: '10' }, 'This market is not open for seconds trading'],
      [{ match_id: 'abc', type: 1, number: '10' }, 'This market is not open for seconds trading'],
      [{ match_id: other.id, type: 1, number: '10' }, 'This market is not open for seconds trading'],
      [
        { currency_id: await ctx.currencyId('BTC'), type: 1, number: '10' },
        'BTC cannot pay for seconds orders',
      ],
      [{ currency_id: 999_999, type: 1, number: '10' }, 'This currency does not exist'],
      [{ seconds: 45, type: 1, number: '10' }, 'Please choose a duration'],
      [{ seconds: '-1', type: 1, number: '10' }, 'Please choose a duration'],
      [{ type: 3, number: '10' }, 'Please choose up or down'],
      [{ type: 1 }, 'Please choose or enter an amount'],
      [{ type: 1, number: '10.5' }, 'The amount must be a whole number'],
      [{ type: 1, number: '1e3' }, 'The amount must be a whole number'],
      [{ type: 1, number: 'NaN' }, 'The amount must be a whole number'],
      [{ type: 1, number: '-10' }, 'The amount must be greater than 0'],
      [{ type: 1, number: '0' }, 'The amount must be greater than 0'],
      [{ type: 1, number: '9'.repeat(40) }, 'The amount is too large'],
      [{ type: 1, number: '5' }, 'The minimum amount is 10 USDT'],
      [{ type: 1, number: '100001' }, 'The maximum amount is 100000 USDT'],
      [{ type: 1, number: '20000', seconds: 30 }, 'The maximum amount is 10000 USDT'],
      [{ type: 1, number: '300' }, 'Insufficient balance'],
    ];
    for (const [body, message] of cases) {
      const answer = await submit(user.token, body);
      expect({ body, answer: answer.body }).toEqual({ body, answer: { type: 'error', message } });
    }
    const arrays = await ctx.http
      .post('/api/microtrade/submit')
      .set('Authorization', user.token)
      .send({ match_id: [pairId], currency_id: usdt, type: 1, seconds: 1, number: ['10'] });
    expect(arrays.status).toBe(200);
    expect(arrays.body.type).toBe('error');
    const chinese = await ctx.http
      .post('/api/microtrade/submit')
      .set({ Authorization: user.token, lang: 'zh' })
      .type('form')
      .send({ match_id: pairId, currency_id: usdt, type: 1, seconds: 1, number: '10.5' });
    expect(chinese.body).toEqual({ type: 'error', message: '数量必须为整数' });
    expect((await submit('', { type: 1, number: '10' })).body.type).toBe('999');

    expect(await fx.micro(user.id, usdt)).toEqual({ available: '300', locked: '0' });
    expect(await ctx.prisma.microOrder.count({ where: { user_id: user.id } })).toBe(0);
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('refuses a pair with no trade yet', async () => {
    const user = await fx.trader('100');
    const eth = await ctx.currencyId('ETH');
    const ethPair = await ctx.prisma.currencyMatch.findFirstOrThrow({
      where: { legal_id: usdt, currency_id: eth },
    });
    const answer = await submit(user.token, { match_id: ethPair.id, type: 1, number: '10' });
    expect(answer.body).toEqual({ type: 'error', message: 'This market has no price yet' });
    expect(await fx.micro(user.id, usdt)).toEqual({ available: '100', locked: '0' });
  });

  it('keeps at most micro_holdtrade_max orders running per user and currency, also under concurrency', async () => {
    await ctx.prisma.currency.update({ where: { id: usdt }, data: { micro_holdtrade_max: 3 } });
    try {
      const user = await fx.trader('1000');
      const deps = { prisma: ctx.prisma, pool: ctx.app.pg };
      const attempts = await Promise.allSettled(
        Array.from({ length: 8 }, () =>
          submitOrder(deps, user.id, {
            matchId: pairId,
            currencyId: usdt,
            type: '1',
            seconds: '30',
            number: '10',
          }),
        ),
      );
      expect(attempts.filter((attempt) => attempt.status === 'fulfilled')).toHaveLength(3);
      const refused = attempts.filter((attempt) => attempt.status === 'rejected');
      expect(refused.map((attempt) => (attempt.reason as { key: string }).key)).toEqual(
        Array(5).fill('micro_too_many_running'),
      );
      expect(await fx.micro(user.id, usdt)).toEqual({ available: '969.7', locked: '30' });
      const more = await submit(user.token, { type: 1, number: '10', seconds: 30 });
      expect(more.body).toEqual({
        type: 'error',
        message: 'You can have at most 3 running seconds orders in USDT',
      });
      const running = await ctx.get(`/api/microtrade/lists?status=1&match_id=${pairId}`, user.token);
      expect(running.body.message.total).toBe(3);
      expect((await ctx.audit()).problems).toEqual([]);
    } finally {
      await ctx.prisma.currency.update({ where: { id: usdt }, data: { micro_holdtrade_max: 10 } });
    }
  });

  it('refuses a second submit while one of the same user is in flight', async () => {
    const user = await fx.trader('100');
    await ctx.redis.set(`micro:submit:${user.id}`, '1', 'PX', 5_000);
    const answer = await submit(user.token, { type: 1, number: '10' });
    expect(answer.body).toEqual({ type: 'error', message: 'Submitting, do not repeat the operation' });
    expect(await fx.micro(user.id, usdt)).toEqual({ available: '100', locked: '0' });
    await ctx.redis.del(`micro:submit:${user.id}`);
    expect((await submit(user.token, { type: 1, number: '10' })).body.type).toBe('ok');
  });

  it('shows each user only their own orders', async () => {
    const alice = await fx.trader('100');
    const bob = await fx.trader('100');
    expect((await submit(alice.token, { type: 1, number: '10' })).body.type).toBe('ok');
    const bobs = await ctx.get('/api/microtrade/lists', bob.token);
    expect(bobs.body.message.total).toBe(0);
    const alices = await ctx.get('/api/microtrade/lists?status=-1', alice.token);
    expect(alices.body.message.total).toBe(1);
    expect((await ctx.get('/api/microtrade/lists?status=2', alice.token)).body).toEqual({
      type: 'error',
      message: 'Unknown order status',
    });
  });

  it('settles each order once however often settlement runs, side by side', async () => {
    const user = await fx.trader('1000');
    for (let index = 0; index < 5; index += 1)
      expect((await submit(user.token, { type: 1, number: '10' })).body.type).toBe('ok');
    const runs = await Promise.all(Array.from({ length: 4 }, () => settleAll()));
    expect(runs.reduce((sum, count) => sum + count, 0)).toBeGreaterThanOrEqual(5);
    expect(await settleAll()).toBe(0);
    expect(await ctx.prisma.microOrder.count({ where: { status: 1, user_id: user.id } })).toBe(0);
    expect((await ctx.audit()).problems).toEqual([]);
    expect((await verifySettlements(poolSql(ctx.app.pg))).mismatches).toEqual([]);
  });

  it('micro:verify finds an order whose stored outcome differs from the trades', async () => {
    const user = await fx.trader('100');
    const order = (await submit(user.token, { type: 1, number: '10' })).body.message;
    await settleAll();
    const settled = await ctx.prisma.microOrder.findUniqueOrThrow({ where: { id: BigInt(order.id) } });
    await ctx.prisma.microOrder.update({ where: { id: BigInt(order.id) }, data: { end_price: '1' } });
    const report = await verifySettlements(poolSql(ctx.app.pg));
    expect(report.ok).toBe(false);
    expect(report.mismatches).toEqual([{ id: order.id, problem: expect.stringContaining('end_price 1 !=') }]);
    await ctx.prisma.microOrder.update({
      where: { id: BigInt(order.id) },
      data: { end_price: settled.end_price },
    });
    expect((await verifySettlements(poolSql(ctx.app.pg))).ok).toBe(true);
  });
});
