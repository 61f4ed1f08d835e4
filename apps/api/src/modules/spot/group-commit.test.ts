import type { Socket } from 'node:net';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestContext } from '../../../../../test/harness';
import { createPool, inTransaction } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import { findTradablePair, type Pair } from './pairs';
import { PlacementCommitter, storeOrders } from './placement-committer';
import { SpotQueues } from './queue';
import { limitRequest } from './test-helpers';

/**
 * The group commit of order placements, against real Postgres and Redis. No matcher runs here, so every
 * stored order stays `new` and holds nothing: the matcher locks funds (see matcher-funds.test.ts).
 */
const ctx = useTestContext();
let pool: pg.Pool;
let queues: SpotQueues;
let pair: Pair;
beforeAll(async () => {
  pool = createPool(ctx.databaseUrl, 6);
  queues = new SpotQueues(ctx.redisUrl, ctx.config.REDIS_PREFIX);
  pair = await findTradablePair(ctx.prisma, await ctx.currencyId('USDT'), await ctx.currencyId('BTC'));
});
afterAll(async () => {
  await queues.close();
  await pool.end();
});

/** A limit buy of `amount` BTC at `price` USDT. */
const buy = (userId: number, price: string, amount: string) => limitRequest(pair, userId, 1, price, amount);

const spot = (userId: number, currencyId = pair.legal_id) => ctx.balance(userId, currencyId);

const keyOf = (outcome: unknown) => (outcome instanceof AppError ? outcome.key : 'stored');

describe('group commit of order placements', () => {
  it('stores a burst as new orders in one statement, ids in arrival order, moving no money', async () => {
    const first = await ctx.signedInUser();
    const second = await ctx.signedInUser();
    await ctx.deposit(first.account, 'USDT', '100');
    const requests = [
      buy(first.id, '10', '1'),
      buy(second.id, '10', '1'), // no funds: the matcher refuses it, storing it is not the commit's call
      buy(first.id, '11', '2'),
    ];
    const outcomes = await inTransaction(pool, (sql) => storeOrders(sql, requests));
    const ids = outcomes.map((order) => order.id);
    expect([...ids].sort((a, b) => (a < b ? -1 : 1))).toEqual(ids);
    const orders = await ctx.prisma.spotOrder.findMany({
      where: { id: { in: ids } },
      orderBy: { id: 'asc' },
    });
    expect(
      orders.map((order) => [order.user_id, order.state, order.price?.toFixed(), order.locked.toFixed()]),
    ).toEqual([
      [first.id, 'new', '10', '0'],
      [second.id, 'new', '10', '0'],
      [first.id, 'new', '11', '0'],
    ]);
    expect(await spot(first.id)).toEqual({ available: '100', locked: '0' });
    expect(await ctx.prisma.accountLog.count({ where: { ref_type: 'spot_order' } })).toBe(0);
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('places a batch that fails as a whole order by order, so one bad order fails alone', async () => {
    const first = await ctx.signedInUser();
    const second = await ctx.signedInUser();
    await ctx.deposit(first.account, 'USDT', '100');
    await ctx.deposit(second.account, 'USDT', '100');
    const committer = new PlacementCommitter({ pool, queues });
    // An order for a market that does not exist passes every check, then breaks the batch's insert.
    const broken = { ...buy(second.id, '10', '1'), pair: { ...pair, id: 999_999 } };
    const outcomes = await Promise.allSettled([
      committer.place(buy(first.id, '10', '1')),
      committer.place(broken),
      committer.place(buy(second.id, '10', '2')),
    ]);
    await committer.settled();
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await ctx.prisma.spotOrder.count({ where: { user_id: { in: [first.id, second.id] } } })).toBe(2);
    expect((await ctx.audit()).problems).toEqual([]);
  });

  /**
   * A pool whose first transaction loses its connection at COMMIT. `after`: COMMIT reaches Postgres, which
   * commits, but its answer never reaches the client (the socket stops reading, then dies once the server
   * process shows the transaction done). `before`: the socket dies just before COMMIT is sent, so Postgres
   * rolls the transaction back. Either way `pg` sees only a broken connection.
   */
  function poolDyingAtCommit(mode: 'after' | 'before') {
    const dying = createPool(ctx.databaseUrl, 2);
    let armed = true;
    dying.on('connect', (client) => {
      const query = client.query.bind(client) as (text: string) => Promise<unknown>;
      const stream = (client as unknown as { connection: { stream: Socket } }).connection.stream;
      (client as unknown as { query: unknown }).query = (...args: unknown[]) => {
        if (!armed || args[0] !== 'COMMIT')
          return (query as (...rest: unknown[]) => Promise<unknown>)(...args);
        armed = false;
        if (mode === 'before') {
          stream.destroy();
          return query('COMMIT');
        }
        stream.pause();
        const sent = query('COMMIT');
        void (async () => {
          // Postgres shows the backend idle after COMMIT once the transaction is committed.
          for (;;) {
            const {
              rows: [row],
            } = await pool.query<{ state: string; query: string }>(
              'SELECT state, query FROM pg_stat_activity WHERE pid = $1',
              [(client as unknown as { processID: number }).processID],
            );
            if (row?.state === 'idle' && row.query === 'COMMIT') break;
            await new Promise((resolve) => setTimeout(resolve, 5));
          }
          stream.destroy();
        })();
        return sent;
      };
    });
    return dying;
  }

  for (const mode of ['after', 'before'] as const) {
    it(`answers from what Postgres stored when the connection dies ${mode} COMMIT reaches it`, async () => {
      const rich = await ctx.signedInUser();
      const poor = await ctx.signedInUser();
      await ctx.deposit(rich.account, 'USDT', '100');
      const dying = poolDyingAtCommit(mode);
      try {
        const committer = new PlacementCommitter({ pool: dying, queues });
        // Three requests in one group commit.
        const outcomes = await Promise.allSettled([
          committer.place(buy(rich.id, '10', '1')),
          committer.place(buy(poor.id, '10', '1')),
          committer.place(buy(rich.id, '10', '2')),
        ]);
        await committer.settled();
        expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
        // After a rollback the batch was placed again order by order: three commits of one.
        expect(committer.stats.commits).toBe(mode === 'after' ? 1 : 3);
        const answered = outcomes.flatMap((outcome) =>
          outcome.status === 'fulfilled' ? [outcome.value.order.id.toString()] : [],
        );
        const stored = await ctx.prisma.spotOrder.findMany({
          where: { user_id: { in: [rich.id, poor.id] } },
          orderBy: { id: 'asc' },
        });
        // Every answered order is stored, once, and nothing unanswered is.
        expect(stored.map((order) => order.id.toString())).toEqual(answered);
        expect(stored.map((order) => order.user_id)).toEqual([rich.id, poor.id, rich.id]);
        expect((await ctx.audit()).problems).toEqual([]);
      } finally {
        await dying.end();
      }
    });
  }

  it('refuses placements beyond its waiting room at once, changing nothing for them', async () => {
    const user = await ctx.signedInUser();
    await ctx.deposit(user.account, 'USDT', '100');
    const committer = new PlacementCommitter({ pool, queues }, 512, 2);
    const outcomes = await Promise.allSettled([
      committer.place(buy(user.id, '10', '1')),
      committer.place(buy(user.id, '10', '1')),
      committer.place(buy(user.id, '10', '1')),
    ]);
    await committer.settled();
    expect(
      outcomes.map((outcome) => (outcome.status === 'rejected' ? keyOf(outcome.reason) : 'stored')),
    ).toEqual(['stored', 'stored', 'server_busy']);
    expect(await ctx.prisma.spotOrder.count({ where: { user_id: user.id } })).toBe(2);
    expect((await ctx.audit()).problems).toEqual([]);
  });
});
