import type pg from 'pg';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestContext } from '../../../../../test/harness';
import { createPool } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import { Market } from './live-market';
import { OrderIds } from './order-ids';
import { findTradablePair, type Pair } from './pairs';
import { NOT_PLACED, Placements, settleUnanswered, ticketOf } from './placements';
import { commandsOf, OrderResults, placementsStream, SpotCommands, type SpotCommand } from './queue';
import { settleBatch } from './settle-batch';
import { limitRequest, racingPool } from './test-helpers';

/**
 * How an order reaches the matcher, against real Postgres and Redis, with no matcher running: the API writes
 * nothing, the whole order goes to the market's stream, and a request that hears no verdict settles the
 * order's fate by its id, which the matcher then respects.
 */
const ctx = useTestContext();
let pool: pg.Pool;
let commands: SpotCommands;
let results: OrderResults;
let redis: Redis;
let pair: Pair;
beforeAll(async () => {
  pool = createPool(ctx.databaseUrl, 6);
  commands = new SpotCommands(ctx.redisUrl, ctx.config.REDIS_PREFIX);
  results = new OrderResults(ctx.redisUrl, ctx.config.REDIS_PREFIX);
  await results.whenReady();
  redis = new Redis(ctx.redisUrl);
  pair = await findTradablePair(ctx.prisma, await ctx.currencyId('USDT'), await ctx.currencyId('BTC'));
});
afterAll(async () => {
  redis.disconnect();
  await Promise.all([commands.close(), results.close()]);
  await pool.end();
});

const buy = (userId: number, price: string, amount: string) => limitRequest(pair, userId, 1, price, amount);
const spot = (userId: number) => ctx.balance(userId, pair.legal_id);
const stream = () => placementsStream(ctx.config.REDIS_PREFIX, pair.id);
async function streamCommands(): Promise<SpotCommand[]> {
  const entries = await redis.xrange(stream(), '-', '+');
  return entries.flatMap(([, fields]) => commandsOf(fields));
}

describe('sending placements', () => {
  it('writes nothing to Postgres and sends the whole orders of one turn as one stream entry', async () => {
    const user = await ctx.signedInUser();
    await ctx.deposit(user.account, 'USDT', '100');
    await redis.del(stream());
    const placements = new Placements({ pool, commands });
    const placed = await Promise.all(
      [buy(user.id, '10', '1'), buy(user.id, '11', '2')].map((r) => placements.place(r)),
    );
    const ids = placed.map(({ order }) => order.id);
    expect(new Set(ids).size).toBe(2);
    expect(await ctx.prisma.spotOrder.count({ where: { id: { in: ids } } })).toBe(0);
    expect(await redis.xlen(stream())).toBe(1);
    const sent = await streamCommands();
    expect(
      sent.map(
        (command) =>
          command.command === 'place' && [command.orderId, command.ticket.price, command.ticket.amount],
      ),
    ).toEqual([
      [String(ids[0]), '10', '1'],
      [String(ids[1]), '11', '2'],
    ]);
    expect(await spot(user.id)).toEqual({ available: '100', locked: '0' });
  });

  it('refuses as not placed, writing the refusal, an order no matcher answered within the wait', async () => {
    const user = await ctx.signedInUser();
    await ctx.deposit(user.account, 'USDT', '100');
    const placements = new Placements({ pool, commands, results });
    const { order, verdict } = await placements.place(buy(user.id, '10', '1'), 300);
    expect(await verdict).toMatchObject({
      orderId: String(order.id),
      state: 'rejected',
      rejectReason: NOT_PLACED,
    });
    const row = await ctx.prisma.spotOrder.findUniqueOrThrow({ where: { id: order.id } });
    expect([row.state, row.reject_reason, row.locked.toFixed()]).toEqual(['rejected', NOT_PLACED, '0']);
    // The matcher reaches the command later: it books nothing and answers the refusal.
    const market = new Market(pair);
    await market.rebuild(ctx.prisma);
    const late = (await streamCommands()).filter((command) => command.orderId === String(order.id));
    const outcome = await settleBatch(pool, market, late);
    expect(outcome.placed).toBe(0);
    expect(outcome.results).toEqual([
      expect.objectContaining({ state: 'rejected', rejectReason: NOT_PLACED }),
    ]);
    expect(await spot(user.id)).toEqual({ available: '100', locked: '0' });
    expect(market.resting.has(String(order.id))).toBe(false);
  });

  it('answers what the matcher wrote when it booked the order before the request gave up', async () => {
    const user = await ctx.signedInUser();
    await ctx.deposit(user.account, 'USDT', '100');
    const ticket = ticketOf(buy(user.id, '10', '1'), await new OrderIds(pool, 2).next());
    const market = new Market(pair);
    await market.rebuild(ctx.prisma);
    await settleBatch(pool, market, [{ command: 'place', orderId: ticket.id, ticket }]);
    expect(await settleUnanswered(pool, ticket)).toMatchObject({
      state: 'open',
      filled: '0',
      rejectReason: '',
    });
    expect(await spot(user.id)).toEqual({ available: '90', locked: '10' });
    await settleBatch(pool, market, [{ command: 'cancel', orderId: ticket.id, ownerId: user.id }]);
  });

  it('fails the batch on the order id when the refusal lands between the matcher’s read and its commit', async () => {
    const user = await ctx.signedInUser();
    await ctx.deposit(user.account, 'USDT', '100');
    const ticket = ticketOf(buy(user.id, '10', '1'), await new OrderIds(pool, 2).next());
    const command: SpotCommand = { command: 'place', orderId: ticket.id, ticket };
    // A pool whose batch, right after its first read, lets the request's refusal commit.
    const racing = racingPool(ctx.databaseUrl, 'FROM spot_orders WHERE id = ANY', () =>
      settleUnanswered(pool, ticket),
    );
    try {
      const market = new Market(pair);
      await market.rebuild(ctx.prisma);
      await expect(settleBatch(racing, market, [command])).rejects.toThrow();
      expect(await spot(user.id)).toEqual({ available: '100', locked: '0' });
      // The matcher rebuilds and decides again: the order stays refused, nothing moves.
      await market.rebuild(ctx.prisma);
      const outcome = await settleBatch(racing, market, [command]);
      expect(outcome.results).toEqual([
        expect.objectContaining({ state: 'rejected', rejectReason: NOT_PLACED }),
      ]);
      expect(await spot(user.id)).toEqual({ available: '100', locked: '0' });
      expect((await ctx.audit()).problems).toEqual([]);
    } finally {
      await racing.end();
    }
  });

  it('refuses at once, writing the refusal, when Redis does not take the command', async () => {
    const user = await ctx.signedInUser();
    const away = new SpotCommands('redis://127.0.0.1:1', ctx.config.REDIS_PREFIX);
    try {
      const placements = new Placements({ pool, commands: away, results });
      const failed = await placements.place(buy(user.id, '10', '1'), 1_000).catch((error: unknown) => error);
      expect(failed).toBeInstanceOf(AppError);
      expect((failed as AppError).key).toBe('order_not_placed');
      const written = await ctx.prisma.spotOrder.findMany({ where: { user_id: user.id } });
      expect(written.map((row) => [row.state, row.reject_reason, row.locked.toFixed()])).toEqual([
        ['rejected', NOT_PLACED, '0'],
      ]);
    } finally {
      await away.close();
    }
  });

  it('books nothing of an order refused because the append failed, when Redis had stored it all the same', async () => {
    const user = await ctx.signedInUser();
    await ctx.deposit(user.account, 'USDT', '100');
    await redis.del(stream());
    // The command reaches the stream, its answer does not (a connection reset after the write).
    class LostReply extends SpotCommands {
      override async send(matchId: number, command: SpotCommand): Promise<void> {
        await super.send(matchId, command);
        throw new Error('connection reset');
      }
    }
    const lossy = new LostReply(ctx.redisUrl, ctx.config.REDIS_PREFIX);
    try {
      const placements = new Placements({ pool, commands: lossy, results });
      const failed = await placements.place(buy(user.id, '10', '1'), 1_000).catch((error: unknown) => error);
      expect((failed as AppError).key).toBe('order_not_placed');
      const stored = await streamCommands();
      expect(stored).toHaveLength(1);
      // The matcher reads the stored command after the refusal: the refusal stands, nothing is locked.
      const market = new Market(pair);
      await market.rebuild(ctx.prisma);
      const outcome = await settleBatch(pool, market, stored);
      expect(outcome.placed).toBe(0);
      expect(outcome.results).toEqual([
        expect.objectContaining({ state: 'rejected', rejectReason: NOT_PLACED }),
      ]);
      expect(await spot(user.id)).toEqual({ available: '100', locked: '0' });
      expect(market.resting.has(stored[0]?.orderId ?? '')).toBe(false);
    } finally {
      await lossy.close();
    }
  });

  it('never gives one id twice, whichever process draws it', async () => {
    const drawers = [new OrderIds(pool, 64), new OrderIds(pool, 64), new OrderIds(pool, 64)];
    const ids = await Promise.all(
      drawers.flatMap((drawer) => Array.from({ length: 300 }, () => drawer.next())),
    );
    expect(new Set(ids).size).toBe(ids.length);
  });
});
