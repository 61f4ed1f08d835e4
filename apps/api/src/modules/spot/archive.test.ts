import { beforeAll, describe, expect, it } from 'vitest';
import { useTestContext } from '../../../../../test/harness';
import { LOG_TYPES } from '@exchange/kernel/ledger';
import { archiveMarketMaker } from './archive';

/** Archival of the market maker's old rows, against real Postgres with a running matcher. */
const ctx = useTestContext();
let usdt: number;
let btc: number;
beforeAll(async () => {
  [usdt, btc] = await ctx.currencyIds('USDT', 'BTC');
  await ctx.startMatcher();
});

const order = (token: string, type: 1 | 2, price: string, amount: string) =>
  ctx.post('/api/coin/trade', { legal_id: usdt, currency_id: btc, type, target_price: price, amount }, token);

const cancel = (token: string, id: string) =>
  ctx.http.put('/api/coin/trade').set('Authorization', token).type('form').send({ id });

async function settled(): Promise<void> {
  await expect
    .poll(() => ctx.prisma.spotOrder.count({ where: { state: 'new' } }), { timeout: 10_000 })
    .toBe(0);
}

/** Every balance column of these users, as text: archival must change none of them. */
async function balances(userIds: number[]) {
  const rows = await ctx.prisma.wallet.findMany({
    where: { user_id: { in: userIds } },
    orderBy: { id: 'asc' },
  });
  return rows.map((row) =>
    JSON.stringify(row, (_key, value: unknown) => (typeof value === 'bigint' ? String(value) : value)),
  );
}

const logCount = (userId: number) => ctx.prisma.accountLog.count({ where: { user_id: userId } });
const DAY_MS = 86_400_000;

describe('archival of the market maker', () => {
  it('folds its old ended orders and their log rows into checkpoints, keeping balances, trades and the audit', async () => {
    const maker = await ctx.signedInUser();
    const taker = await ctx.signedInUser();
    const trader = await ctx.signedInUser();
    await ctx.deposit(maker.account, 'BTC', '10');
    await ctx.deposit(maker.account, 'USDT', '1000');
    await ctx.deposit(taker.account, 'USDT', '1000');
    await ctx.deposit(trader.account, 'USDT', '1000');
    // Fills against the house taker and an ordinary trader, a cancel, and one quote left resting.
    for (const price of ['100', '101', '102']) {
      expect((await order(maker.token, 2, price, '1')).body.type).toBe('ok');
    }
    expect((await order(taker.token, 1, '101', '2')).body.order.state).toBe('filled');
    expect((await order(trader.token, 1, '102', '0.5')).body.order.state).toBe('filled');
    const cancelled = (await order(maker.token, 1, '50', '1')).body.order.id as string;
    expect((await cancel(maker.token, cancelled)).body.type).toBe('ok');
    const resting = (await order(maker.token, 1, '60', '1')).body.order.id as string;
    await settled();
    expect((await ctx.audit()).problems).toEqual([]);

    const users = [maker.id, taker.id, trader.id];
    const before = {
      balances: await balances(users),
      makerLogs: await logCount(maker.id),
      takerLogs: await logCount(taker.id),
      traderLogs: await ctx.prisma.accountLog.findMany({
        where: { user_id: trader.id },
        orderBy: { id: 'asc' },
      }),
      trades: await ctx.prisma.spotTrade.count(),
      candles: await ctx.prisma.candle.count(),
      traderOrders: await ctx.prisma.spotOrder.count({ where: { user_id: trader.id } }),
    };
    const makerOrders = await ctx.prisma.spotOrder.count({
      where: { user_id: { in: [maker.id, taker.id] } },
    });
    // The maker's three sells, its cancelled and its resting bid, and the house taker's one buy.
    expect(makerOrders).toBe(6);

    const accounts = [maker.account, taker.account];
    // Nothing is a week old yet: nothing moves.
    expect(await archiveMarketMaker(ctx.prisma, { accounts, days: 7 })).toEqual({
      orders: 0,
      logRows: 0,
      checkpoints: 0,
    });
    const later = new Date(Date.now() + 8 * DAY_MS);
    const archived = await archiveMarketMaker(ctx.prisma, { accounts, days: 7, now: later });
    const left = await ctx.prisma.spotOrder.findMany({
      where: { user_id: { in: [maker.id, taker.id] } },
      orderBy: { id: 'asc' },
    });
    // The live ones stay: the resting bid and the sell at 102, half filled and still open.
    expect(left.map((row) => [row.id.toString(), row.state])).toEqual([
      [expect.any(String), 'open'],
      [resting, 'open'],
    ]);
    expect(archived.orders).toBe(makerOrders - 2);
    expect(await balances(users)).toEqual(before.balances);
    expect(await logCount(maker.id)).toBeLessThan(before.makerLogs);
    // The taker's one order, filled in the batch that placed it, left one row per currency: nothing to shrink.
    expect(await logCount(taker.id)).toBe(before.takerLogs);
    expect(archived.logRows).toBe(
      before.makerLogs +
        before.takerLogs -
        (await logCount(maker.id)) -
        (await logCount(taker.id)) +
        archived.checkpoints,
    );
    // The ordinary trader's rows and orders, the trades and the candles are all kept as they were.
    expect(
      await ctx.prisma.accountLog.findMany({ where: { user_id: trader.id }, orderBy: { id: 'asc' } }),
    ).toEqual(before.traderLogs);
    expect(await ctx.prisma.spotOrder.count({ where: { user_id: trader.id } })).toBe(before.traderOrders);
    expect(await ctx.prisma.spotTrade.count()).toBe(before.trades);
    expect(await ctx.prisma.candle.count()).toBe(before.candles);
    // The live orders keep their own log rows; each checkpoint says how many rows it stands for.
    for (const live of left) {
      expect(
        await ctx.prisma.accountLog.count({ where: { ref_type: 'spot_order', ref_id: live.id.toString() } }),
      ).toBeGreaterThan(0);
    }
    const checkpoints = await ctx.prisma.accountLog.findMany({
      where: { user_id: { in: [maker.id, taker.id] }, type: LOG_TYPES.CHECKPOINT },
    });
    expect(checkpoints).toHaveLength(archived.checkpoints);
    expect(checkpoints.reduce((sum, row) => sum + Number(row.ref_id), 0)).toBe(archived.logRows);
    expect((await ctx.audit()).problems).toEqual([]);

    // Again: nothing left to fold, the checkpoints stay one per balance.
    expect(await archiveMarketMaker(ctx.prisma, { accounts, days: 7, now: later })).toEqual({
      orders: 0,
      logRows: 0,
      checkpoints: archived.checkpoints,
    });

    // Archival while the maker keeps trading: the audit holds after both.
    const [during] = await Promise.all([
      archiveMarketMaker(ctx.prisma, { accounts, days: 7, now: new Date(Date.now() + 9 * DAY_MS) }),
      order(taker.token, 1, '102', '0.5'),
      order(maker.token, 2, '103', '1'),
      cancel(maker.token, resting),
    ]);
    expect(during.checkpoints).toBeGreaterThan(0);
    await settled();
    expect((await ctx.audit()).problems).toEqual([]);
    const afterMore = await archiveMarketMaker(ctx.prisma, {
      accounts,
      days: 7,
      now: new Date(Date.now() + 9 * DAY_MS),
    });
    expect(afterMore.logRows).toBeGreaterThan(0);
    expect((await ctx.audit()).problems).toEqual([]);
    // One checkpoint per balance however many runs folded into it.
    const perBalance = await ctx.prisma.accountLog.groupBy({
      by: ['user_id', 'currency_id', 'account', 'is_lock'],
      where: { user_id: { in: [maker.id, taker.id] }, type: LOG_TYPES.CHECKPOINT },
      _count: true,
    });
    expect(perBalance.every((row) => row._count === 1)).toBe(true);
  });

  it('archives nothing for accounts that do not exist, and refuses a negative age', async () => {
    expect(await archiveMarketMaker(ctx.prisma, { accounts: ['nobody@exchange.local'] })).toEqual({
      orders: 0,
      logRows: 0,
      checkpoints: 0,
    });
    await expect(archiveMarketMaker(ctx.prisma, { days: -1 })).rejects.toThrow('days');
    await expect(archiveMarketMaker(ctx.prisma, { days: 0.5 })).rejects.toThrow('days');
    expect((await ctx.audit()).problems).toEqual([]);
  });
});
