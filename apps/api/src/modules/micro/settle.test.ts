import { beforeAll, describe, expect, it } from 'vitest';
import { poolSql } from '@exchange/kernel/db';
import { LOG_TYPES } from '@exchange/kernel/ledger';
import { useTestContext } from '../../../../../test/harness';
import { pricesAt, SETTLE_GRACE_MS } from './prices';
import { countDue, emptyTimings, settleDue } from './settle';
import { submitOrder } from './submit-order';
import { microFixtures } from './test-helpers';
import { verifySettlements } from './verify';

/**
 * Settlement of seconds orders, driven by the clock: the orders here are accepted at chosen instants in the
 * past (submitOrder takes the clock), with the trades that price them recorded around those instants, so
 * each test knows exactly what is due and what each order settles on without waiting for expiries. The
 * tests' instants lie further apart than the pair's lookback (300 s), so no test's trades price another's.
 */
const ctx = useTestContext();
let fx: ReturnType<typeof microFixtures>;
let usdt: number;
let hap: number;
let pairId: number;
const SECOND = 1_000;

beforeAll(async () => {
  fx = microFixtures(ctx);
  ({ usdt, pairId } = await fx.ids());
  hap = await ctx.currencyId('HAP');
  await ctx.fundHouse('micro_pool', 'USDT', '1000000');
  await ctx.fundHouse('micro_pool', 'HAP', '1000000');
  await ctx.prisma.microSecond.create({ data: { seconds: 1, profit_ratio: '80' } });
  // A ratio whose profits need rounding at a currency's precision.
  await ctx.prisma.microSecond.create({ data: { seconds: 2, profit_ratio: '33.338' } });
});

/** A seconds order accepted at `at` (type 1 bets up). */
function place(
  userId: number,
  at: Date,
  { matchId = pairId, currencyId = usdt, seconds = 1, type = 1, number = '10' } = {},
) {
  return submitOrder(
    { prisma: ctx.prisma, pool: ctx.app.pg },
    userId,
    { matchId, currencyId, type: String(type), seconds: String(seconds), number },
    () => at,
  );
}

const orderRow = (id: string) => ctx.prisma.microOrder.findUniqueOrThrow({ where: { id: BigInt(id) } });
const ago = (seconds: number) => new Date(Date.now() - seconds * SECOND);
const later = (at: Date, ms: number) => new Date(at.getTime() + ms);

async function poolEntries(currencyId: number) {
  return ctx.prisma.houseEntry.findMany({
    where: { currency_id: currencyId, account: 'micro_pool', ref_type: 'micro_settle' },
    orderBy: { id: 'asc' },
  });
}

describe('pricesAt', () => {
  it('answers every query, with no price, no notional and no trade where nothing traded', async () => {
    const beforeAnyTrade = new Date('2001-01-01T00:00:00Z');
    const rule = { windowMs: 1_000, lookbackMs: 300_000, minNotional: '1000', decimals: 2 };
    const queries = [
      { matchId: pairId, at: beforeAnyTrade, rule: null },
      { matchId: pairId, at: beforeAnyTrade, rule },
    ];
    const prices = await pricesAt(poolSql(ctx.app.pg), queries);
    expect(
      [...prices.values()].map(({ price, notional, trades }) => [price, notional.toFixed(), trades]),
    ).toEqual([
      [undefined, '0', 0],
      [undefined, '0', 0],
    ]);
  });
});

describe('settleDue', () => {
  it('settles each order once a grace after its expiry, in batches on two lanes, and books each batch in the pool', async () => {
    const base = ago(3_600);
    // 10,000 USDT at 100 before, 9,000 at 90 after every acceptance: every up bet loses at a weighted 95.
    await fx.trade(pairId, '100', later(base, -SECOND));
    const user = await fx.trader('1000');
    const orders = [];
    for (let index = 0; index < 6; index += 1) orders.push(await place(user.id, later(base, index * 10)));
    await fx.trade(pairId, '90', later(base, 100));
    const first = orders[0]?.expires_at ?? base;
    const last = orders[5]?.expires_at ?? base;

    // Due a grace after expiry, not a millisecond sooner.
    expect(await countDue(ctx.app.pg, later(first, SETTLE_GRACE_MS - 1))).toBe(0);
    expect(await countDue(ctx.app.pg, later(first, SETTLE_GRACE_MS))).toBe(1);
    expect(await countDue(ctx.app.pg, later(last, SETTLE_GRACE_MS))).toBe(6);
    expect(await settleDue(ctx.app.pg, { now: later(first, SETTLE_GRACE_MS - 1), batchSize: 2 })).toBe(0);
    expect(await settleDue(ctx.app.pg, { now: later(first, SETTLE_GRACE_MS), batchSize: 2 })).toBe(1);
    expect((await orderRow(orders[1]?.id ?? '')).status).toBe(1);

    // The other five in batches of at most two: the lanes stop only when a batch comes back short.
    const timings = emptyTimings();
    const batches: string[][] = [];
    const started = performance.now();
    const settled = await settleDue(ctx.app.pg, {
      batchSize: 2,
      timings,
      onSettled: (rows) => batches.push(rows.map((row) => row.id)),
    });
    const elapsed = performance.now() - started;
    expect(settled).toBe(5);
    expect(batches.map((batch) => batch.length).sort()).toEqual([1, 2, 2]);
    expect(batches.flat().sort()).toEqual(
      orders
        .slice(1)
        .map((order) => order.id)
        .sort(),
    );
    // Where the time went: every phase of every batch counted, within the time the call took on two lanes.
    expect(timings.batches).toBe(3);
    const phases = [timings.select, timings.prices, timings.compute, timings.write, timings.commit];
    for (const phase of phases) expect(phase).toBeGreaterThan(0);
    expect(phases.reduce((sum, phase) => sum + phase, 0)).toBeLessThanOrEqual(2 * elapsed);
    expect(await settleDue(ctx.app.pg)).toBe(0);

    for (const order of orders) {
      const row = await orderRow(order.id);
      expect([row.status, row.profit_result, row.payout.toFixed(), row.fact_profits.toFixed()]).toEqual([
        3,
        -1,
        '0',
        '-10',
      ]);
    }
    // One pool entry per batch and currency, holding the stakes its orders lost, named after the batch.
    const entries = await poolEntries(usdt);
    const byRef = (a: (string | number)[], b: (string | number)[]) =>
      String(a[0]).localeCompare(String(b[0]));
    expect(entries.map((entry) => [entry.ref_id, entry.delta.toFixed(), entry.type]).sort(byRef)).toEqual(
      [[orders[0]?.id ?? ''], ...batches]
        .map((batch) => [`${batch[0]}+${batch.length}`, String(10 * batch.length), LOG_TYPES.MICRO_SETTLE])
        .sort(byRef),
    );
    expect(await fx.micro(user.id, usdt)).toEqual({ available: '939.4', locked: '0' });
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('settles an order accepted under the last-trade rule on the last trade at or before each instant', async () => {
    const base = ago(3_000);
    await fx.trade(pairId, '100', later(base, -SECOND));
    const user = await fx.trader('100');
    const order = await place(user.id, base);
    // As the orders accepted before the volume-weighted rule: no rule recorded.
    await ctx.prisma.microOrder.update({
      where: { id: BigInt(order.id) },
      data: {
        price_window_ms: null,
        price_lookback_ms: null,
        price_min_notional: null,
        price_decimals: null,
        open_notional: null,
        open_trades: null,
      },
    });
    // Two tiny trades stamped at one instant: the later of the market's sequence is the last.
    await fx.trade(pairId, '120', later(base, 200), '0.001');
    await fx.trade(pairId, '101', later(base, 200), '0.001');
    await fx.trade(pairId, '50', later(order.expires_at, 1));
    expect(await settleDue(ctx.app.pg)).toBe(1);
    const settled = await orderRow(order.id);
    expect({
      open: settled.open_price.toFixed(),
      end: settled.end_price?.toFixed(),
      result: settled.profit_result,
      payout: settled.payout.toFixed(),
      counted: [settled.open_notional, settled.open_trades, settled.end_notional, settled.end_trades],
    }).toEqual({ open: '100', end: '101', result: 1, payout: '18', counted: [null, null, null, null] });
    expect(await fx.micro(user.id, usdt)).toEqual({ available: '107.9', locked: '0' });
    expect(await verifySettlements(poolSql(ctx.app.pg))).toMatchObject({ ok: true, mismatches: [] });
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it("rounds a win's profit down at the currency's precision", async () => {
    await ctx.prisma.currency.update({ where: { id: hap }, data: { decimal_scale: 2 } });
    const base = ago(2_400);
    await fx.trade(pairId, '100', later(base, -SECOND));
    const user = await fx.trader('100', 'HAP');
    const order = await place(user.id, base, { currencyId: hap, seconds: 2 });
    await fx.trade(pairId, '110', later(base, 100));
    expect(await settleDue(ctx.app.pg)).toBe(1);
    const settled = await orderRow(order.id);
    // 10 × 33.338 % = 3.3338: 3.33 at two decimals (half up would pay 3.34).
    expect([settled.profit_result, settled.fact_profits.toFixed(), settled.payout.toFixed()]).toEqual([
      1,
      '3.33',
      '13.33',
    ]);
    // Each of the user's settlement movements is logged against the order it settles.
    const logs = await ctx.prisma.accountLog.findMany({
      where: { user_id: user.id, type: LOG_TYPES.MICRO_SETTLE },
      orderBy: { id: 'asc' },
    });
    expect(logs.map((log) => [log.is_lock, log.delta.toFixed(), log.ref_type, log.ref_id])).toEqual([
      [true, '-10', 'micro_order', order.id],
      [false, '13.33', 'micro_order', order.id],
    ]);
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('stops, changing nothing, when the trades an order opened on are gone, and settles it once they are back', async () => {
    const eth = await ctx.currencyId('ETH');
    const ethPair = await ctx.prisma.currencyMatch.findFirstOrThrow({
      where: { legal_id: usdt, currency_id: eth },
    });
    const base = ago(1_800);
    await fx.trade(ethPair.id, '100', later(base, -SECOND));
    const user = await fx.trader('100');
    const order = await place(user.id, base, { matchId: ethPair.id });
    const trades = await ctx.prisma.spotTrade.findMany({ where: { match_id: ethPair.id } });
    await ctx.prisma.spotTrade.deleteMany({ where: { match_id: ethPair.id } });
    const entries = (await poolEntries(usdt)).length;

    await expect(settleDue(ctx.app.pg)).rejects.toThrow(
      `no recorded open price for seconds order ${order.id}`,
    );
    expect((await orderRow(order.id)).status).toBe(1);
    expect(await fx.micro(user.id, usdt)).toEqual({ available: '89.9', locked: '10' });
    expect((await poolEntries(usdt)).length).toBe(entries);

    await ctx.prisma.spotTrade.createMany({ data: trades });
    expect(await settleDue(ctx.app.pg)).toBe(1);
    expect(await fx.micro(user.id, usdt)).toEqual({ available: '99.9', locked: '0' });
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('rolls a batch back whole when its guarded update finishes fewer orders than it paid', async () => {
    const base = ago(1_200);
    await fx.trade(pairId, '100', later(base, -SECOND));
    const user = await fx.trader('100');
    const order = await place(user.id, base);
    // As a second settler would: the order leaves 'running' under this batch's feet.
    await ctx.prisma.$executeRawUnsafe(`CREATE FUNCTION skip_finish() RETURNS trigger LANGUAGE plpgsql AS
      $$ BEGIN IF NEW.status = 3 THEN RETURN NULL; END IF; RETURN NEW; END $$`);
    await ctx.prisma.$executeRawUnsafe(
      'CREATE TRIGGER skip_finish BEFORE UPDATE ON micro_orders FOR EACH ROW EXECUTE FUNCTION skip_finish()',
    );
    const entries = (await poolEntries(usdt)).length;
    try {
      await expect(settleDue(ctx.app.pg)).rejects.toThrow('settled 0 of 1 seconds orders');
    } finally {
      await ctx.prisma.$executeRawUnsafe('DROP TRIGGER skip_finish ON micro_orders');
      await ctx.prisma.$executeRawUnsafe('DROP FUNCTION skip_finish()');
    }
    expect((await orderRow(order.id)).status).toBe(1);
    expect(await fx.micro(user.id, usdt)).toEqual({ available: '89.9', locked: '10' });
    expect(
      await ctx.prisma.accountLog.count({ where: { user_id: user.id, type: LOG_TYPES.MICRO_SETTLE } }),
    ).toBe(0);
    expect((await poolEntries(usdt)).length).toBe(entries);

    expect(await settleDue(ctx.app.pg)).toBe(1);
    expect(await fx.micro(user.id, usdt)).toEqual({ available: '99.9', locked: '0' });
    expect((await ctx.audit()).problems).toEqual([]);
  });
});
