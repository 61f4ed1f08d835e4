import type pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useTestContext } from '../../../../../test/harness';
import { createPool } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import { applyMovements, LOG_TYPES, Money } from '@exchange/kernel/ledger';
import type { Market } from './live-market';
import { MAX_OPEN_ORDERS_PER_MARKET } from './open-orders';
import { findTradablePair, type Pair } from './pairs';
import type { PlacementRequest } from './placements';
import { createTrader, limitRequest, marketOfItsOwn, placeCommands, racingPool } from './test-helpers';
import { settleBatch } from './settle-batch';

/**
 * The matcher's side of a placement, against real Postgres: the batch that books an order checks its
 * owner's funds and open orders, locks what it may pay, and writes only net movements.
 */
const ctx = useTestContext();
let pool: pg.Pool;
let pair: Pair;
let market: Market;
beforeAll(async () => {
  pool = createPool(ctx.databaseUrl, 4);
  pair = await findTradablePair(ctx.prisma, await ctx.currencyId('USDT'), await ctx.currencyId('BTC'));
});
beforeEach(async () => {
  market = await marketOfItsOwn(ctx.prisma, pool, pair);
});
afterAll(() => pool.end());

const limit = (userId: number, side: 1 | 2, price: string, amount: string) =>
  limitRequest(pair, userId, side, price, amount);

/** Sends the requests as the API does, and books them in ONE matcher batch. */
async function book(requests: PlacementRequest[], on = pool) {
  const commands = await placeCommands(pool, requests);
  const outcome = await settleBatch(on, market, commands);
  const rows = await ctx.prisma.spotOrder.findMany({
    where: { id: { in: commands.map((command) => BigInt(command.orderId)) } },
    orderBy: { id: 'asc' },
  });
  return { outcome, rows };
}

const spot = (userId: number, currencyId = pair.legal_id) => ctx.balance(userId, currencyId);

const logsOf = async (userId: number) =>
  (
    await ctx.prisma.accountLog.findMany({
      where: { user_id: userId, ref_type: 'spot_order' },
      orderBy: { id: 'asc' },
    })
  ).map((log) => [
    log.ref_id,
    log.currency_id,
    log.is_lock,
    log.delta.toFixed(),
    log.balance_after.toFixed(),
  ]);

describe('the matcher books funds', () => {
  it('locks the funds of the orders that fit and refuses the others alone, in one batch', async () => {
    const rich = await createTrader(ctx.prisma);
    const poor = await createTrader(ctx.prisma);
    const exact = await createTrader(ctx.prisma);
    await ctx.deposit(rich.account, 'USDT', '1000');
    await ctx.deposit(poor.account, 'USDT', '5');
    await ctx.deposit(exact.account, 'USDT', '30');
    const { rows } = await book([
      limit(rich.id, 1, '10', '1'),
      limit(poor.id, 1, '10', '1'), // needs 10, has 5
      limit(exact.id, 1, '10', '2'), // 20 of 30
      limit(rich.id, 1, '10', '99'), // 990 of the 990 left
      limit(exact.id, 1, '10', '2'), // needs 20, 10 left
      limit(exact.id, 1, '10', '1'), // the last 10 still fit after the refusal before it
      limit(rich.id, 1, '1', '1'), // nothing left
    ]);
    expect(rows.map((row) => [row.state, row.reject_reason, row.locked.toFixed()])).toEqual([
      ['open', '', '10'],
      ['rejected', 'balance_insufficient', '0'],
      ['open', '', '20'],
      ['open', '', '990'],
      ['rejected', 'balance_insufficient', '0'],
      ['open', '', '10'],
      ['rejected', 'balance_insufficient', '0'],
    ]);
    expect(await spot(rich.id)).toEqual({ available: '0', locked: '1000' });
    expect(await spot(poor.id)).toEqual({ available: '5', locked: '0' });
    expect(await spot(exact.id)).toEqual({ available: '0', locked: '30' });
    // Each lock is logged against its order; credits come first, so no balance_after dips below zero.
    const [twenty, ten] = [rows[2]?.id.toString(), rows[5]?.id.toString()];
    expect(await logsOf(exact.id)).toEqual([
      [twenty, pair.legal_id, true, '20', '20'],
      [ten, pair.legal_id, true, '10', '30'],
      [twenty, pair.legal_id, false, '-20', '10'],
      [ten, pair.legal_id, false, '-10', '0'],
    ]);
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('writes one log row per order and currency for a taker that sweeps several makers, and none per fill', async () => {
    const makers = await Promise.all([0, 1, 2].map(() => createTrader(ctx.prisma)));
    const taker = await createTrader(ctx.prisma);
    for (const maker of makers) await ctx.deposit(maker.account, 'BTC', '1');
    await ctx.deposit(taker.account, 'USDT', '1000');
    const asks = await book(makers.map((maker, index) => limit(maker.id, 2, String(100 + index), '1')));
    expect(asks.rows.map((row) => row.state)).toEqual(['open', 'open', 'open']);
    const { rows, outcome } = await book([limit(taker.id, 1, '102', '3')]);
    expect(rows.map((row) => [row.state, row.filled.toFixed(), row.locked.toFixed()])).toEqual([
      ['filled', '3', '0'],
    ]);
    expect(outcome.trades).toHaveLength(3);
    // The taker paid 303 and received 3 BTC less its fee: two rows, no lock and no release.
    const takerLogs = await logsOf(taker.id);
    expect(takerLogs.map(([, currency, isLock, delta]) => [currency, isLock, delta])).toEqual([
      [pair.currency_id, false, new Money(3).minus(rows[0]?.fee.toFixed() ?? 0).toFixed()],
      [pair.legal_id, false, '-303'],
    ]);
    // Each maker: its locked BTC went, quote came in (its lock row is from the batch that booked it).
    for (const [index, maker] of makers.entries()) {
      const logs = await logsOf(maker.id);
      expect(logs).toHaveLength(4);
      expect(logs.slice(2).map(([, currency, isLock, delta]) => [currency, isLock, delta])).toEqual([
        [pair.legal_id, false, expect.stringMatching(new RegExp(`^${100 + index - 1}\\.`))],
        [pair.currency_id, true, '-1'],
      ]);
    }
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('lets a fill fund its owner’s next order in the same batch', async () => {
    const seller = await createTrader(ctx.prisma);
    const bidder = await createTrader(ctx.prisma);
    await ctx.deposit(seller.account, 'BTC', '1');
    await ctx.deposit(bidder.account, 'USDT', '100');
    await book([limit(bidder.id, 1, '100', '1')]);
    // The seller has no USDT until its sell fills; its bid after it, in the same batch, spends the proceeds.
    const { rows } = await book([limit(seller.id, 2, '100', '1'), limit(seller.id, 1, '90', '1')]);
    expect(rows.map((row) => [row.state, row.locked.toFixed()])).toEqual([
      ['filled', '0'],
      ['open', '90'],
    ]);
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('holds its owner to the open-order limit, within one batch and across batches', async () => {
    const user = await createTrader(ctx.prisma);
    await ctx.deposit(user.account, 'USDT', '1000');
    const extra = 5;
    const first = await book(
      Array.from({ length: MAX_OPEN_ORDERS_PER_MARKET + extra }, () => limit(user.id, 1, '1', '0.001')),
    );
    const states = first.rows.map((row) => `${row.state}:${row.reject_reason}`);
    expect(states.filter((state) => state === 'open:')).toHaveLength(MAX_OPEN_ORDERS_PER_MARKET);
    expect(states.slice(MAX_OPEN_ORDERS_PER_MARKET)).toEqual(
      Array.from({ length: extra }, () => 'rejected:too_many_open_orders'),
    );
    const second = await book([limit(user.id, 1, '1', '0.001')]);
    expect(second.rows.map((row) => row.reject_reason)).toEqual(['too_many_open_orders']);
    // A cancel frees a place.
    await settleBatch(pool, market, [
      { command: 'cancel', orderId: first.rows[0]?.id.toString() ?? '', ownerId: user.id },
    ]);
    const third = await book([limit(user.id, 1, '1', '0.001')]);
    expect(third.rows.map((row) => row.state)).toEqual(['open']);
    expect(await spot(user.id)).toEqual({ available: '999.8', locked: '0.2' });
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('decides again on a fresh read when another writer took the funds during its batch', async () => {
    const user = await createTrader(ctx.prisma);
    await ctx.deposit(user.account, 'USDT', '100');
    // A pool whose batch, right after reading balances, lets a transfer take 50 USDT before it writes.
    const racing = racingPool(ctx.databaseUrl, 'JOIN wallets w ON', () =>
      ctx.prisma.$transaction((tx) =>
        applyMovements(tx, [
          {
            userId: user.id,
            currencyId: pair.legal_id,
            account: 'change',
            isLock: false,
            delta: new Money(-50),
            type: LOG_TYPES.CHANGE_TRANSFER_OUT,
          },
          {
            userId: user.id,
            currencyId: pair.legal_id,
            account: 'legal',
            isLock: false,
            delta: new Money(50),
            type: LOG_TYPES.LEGAL_TRANSFER_IN,
          },
        ]),
      ),
    );
    try {
      const [command] = await placeCommands(pool, [limit(user.id, 1, '100', '1')]);
      if (!command) throw new Error('no command');
      const failed = await settleBatch(racing, market, [command]).catch((error: unknown) => error);
      expect(failed).toBeInstanceOf(AppError);
      expect((failed as AppError).key).toBe('balance_insufficient');
      // Nothing of the batch was written, not even the order; the matcher rebuilds its book and runs it again.
      expect(await spot(user.id)).toEqual({ available: '50', locked: '0' });
      expect(await ctx.prisma.spotOrder.count({ where: { id: BigInt(command.orderId) } })).toBe(0);
      await market.rebuild(ctx.prisma);
      await settleBatch(racing, market, [command]);
      const row = await ctx.prisma.spotOrder.findUniqueOrThrow({ where: { id: BigInt(command.orderId) } });
      expect([row.state, row.reject_reason]).toEqual(['rejected', 'balance_insufficient']);
      expect(await spot(user.id)).toEqual({ available: '50', locked: '0' });
      expect((await ctx.audit()).problems).toEqual([]);
    } finally {
      await racing.end();
    }
  });
});
