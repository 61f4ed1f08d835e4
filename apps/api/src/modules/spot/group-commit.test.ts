import type { Socket } from 'node:net';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../../test/harness';
import { createPool, inTransaction } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import { Money } from '@exchange/kernel/ledger';
import { findTradablePair, type Pair } from './pairs';
import { PlacementCommitter, storeOrders, type PlacementRequest } from './placement-committer';
import { SpotQueues } from './queue';

/**
 * The group commit of order placements, against real Postgres and Redis (no matcher runs here, so every
 * stored order stays `new` with its funds locked, which the audit checks against the wallets).
 */
let ctx: TestContext;
let pool: pg.Pool;
let queues: SpotQueues;
let pair: Pair;
beforeAll(async () => {
  ctx = await createTestContext();
  pool = createPool(ctx.databaseUrl, 6);
  queues = new SpotQueues(ctx.redisUrl, ctx.config.REDIS_PREFIX);
  pair = await findTradablePair(ctx.prisma, await ctx.currencyId('USDT'), await ctx.currencyId('BTC'));
});
afterAll(async () => {
  await queues.close();
  await pool.end();
  await ctx.close();
});

/** A limit buy of `amount` BTC at `price` USDT, locking price x amount USDT. */
const buy = (userId: number, price: string, amount: string): PlacementRequest => ({
  userId,
  pair,
  side: 1,
  kind: 'limit',
  timeInForce: 'GTC',
  postOnly: false,
  price: new Money(price),
  amount: new Money(amount),
  funds: { currencyId: pair.legal_id, amount: new Money(price).times(amount) },
});

async function spot(userId: number, currencyId = pair.legal_id) {
  const row = await ctx.prisma.wallet.findUniqueOrThrow({
    where: { user_id_currency_id: { user_id: userId, currency_id: currencyId } },
  });
  return { available: row.change_balance.toFixed(), locked: row.lock_change_balance.toFixed() };
}

const keyOf = (outcome: unknown) => (outcome instanceof AppError ? outcome.key : 'stored');

describe('group commit of order placements', () => {
  it('stores the orders that fit and refuses the others alone, in one transaction', async () => {
    const rich = await ctx.signedInUser();
    const poor = await ctx.signedInUser();
    const exact = await ctx.signedInUser();
    await ctx.deposit(rich.account, 'USDT', '1000');
    await ctx.deposit(poor.account, 'USDT', '5');
    await ctx.deposit(exact.account, 'USDT', '30');
    const outcomes = await inTransaction(pool, (sql) =>
      storeOrders(sql, [
        buy(rich.id, '10', '1'),
        buy(poor.id, '10', '1'), // needs 10, has 5
        buy(exact.id, '10', '2'), // 20 of 30
        buy(rich.id, '100', '9.9'), // 990 of the 990 left
        buy(exact.id, '10', '2'), // needs 20, 10 left
        buy(exact.id, '10', '1'), // the last 10 still fit after the refusal before it
        buy(rich.id, '1', '1'), // nothing left
      ]),
    );
    expect(outcomes.map(keyOf)).toEqual([
      'stored',
      'balance_insufficient',
      'stored',
      'stored',
      'balance_insufficient',
      'stored',
      'balance_insufficient',
    ]);
    const stored = outcomes.filter((outcome) => !(outcome instanceof AppError));
    const ids = stored.map((order) => (order as { id: bigint }).id);
    expect([...ids].sort((a, b) => (a < b ? -1 : 1))).toEqual(ids);
    expect(await spot(rich.id)).toEqual({ available: '0', locked: '1000' });
    expect(await spot(poor.id)).toEqual({ available: '5', locked: '0' });
    expect(await spot(exact.id)).toEqual({ available: '0', locked: '30' });
    const orders = await ctx.prisma.spotOrder.findMany({
      where: { user_id: { in: [rich.id, poor.id, exact.id] } },
      orderBy: { id: 'asc' },
    });
    expect(orders.map((order) => [order.user_id, order.state, order.locked.toFixed()])).toEqual([
      [rich.id, 'new', '10'],
      [exact.id, 'new', '20'],
      [rich.id, 'new', '990'],
      [exact.id, 'new', '10'],
    ]);
    // Each lock's log rows name their order, with the balance after each step.
    const logs = await ctx.prisma.accountLog.findMany({
      where: { user_id: exact.id, ref_type: 'spot_order' },
      orderBy: { id: 'asc' },
    });
    expect(
      logs.map((log) => [log.ref_id, log.is_lock, log.delta.toFixed(), log.balance_after.toFixed()]),
    ).toEqual([
      [String(orders[1]?.id), false, '-20', '10'],
      [String(orders[1]?.id), true, '20', '20'],
      [String(orders[3]?.id), false, '-10', '0'],
      [String(orders[3]?.id), true, '10', '30'],
    ]);
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('accepts exactly one of many orders that each need all of the funds, across concurrent committers', async () => {
    const user = await ctx.signedInUser();
    await ctx.deposit(user.account, 'USDT', '25');
    // Two committers on their own pools stand for two API processes; each gets a burst of the same order.
    const pools = [createPool(ctx.databaseUrl, 2), createPool(ctx.databaseUrl, 2)];
    try {
      const committers = pools.map((own) => new PlacementCommitter({ pool: own, queues }));
      const outcomes = await Promise.allSettled(
        Array.from({ length: 20 }, (_, index) =>
          (committers[index % 2] as PlacementCommitter).place(buy(user.id, '25', '1')),
        ),
      );
      await Promise.all(committers.map((committer) => committer.settled()));
      expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
      const refusals = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason] : []));
      expect(refusals.map(keyOf)).toEqual(Array.from({ length: 19 }, () => 'balance_insufficient'));
    } finally {
      await Promise.all(pools.map((own) => own.end()));
    }
    expect(await spot(user.id)).toEqual({ available: '0', locked: '25' });
    expect(await ctx.prisma.spotOrder.count({ where: { user_id: user.id } })).toBe(1);
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('places a batch that fails as a whole order by order, so one bad order fails alone', async () => {
    const first = await ctx.signedInUser();
    const second = await ctx.signedInUser();
    await ctx.deposit(first.account, 'USDT', '100');
    await ctx.deposit(second.account, 'USDT', '100');
    const committer = new PlacementCommitter({ pool, queues });
    // An order for a market that does not exist passes the funds check, then breaks the batch's insert.
    const broken = { ...buy(second.id, '10', '1'), pair: { ...pair, id: 999_999 } };
    const outcomes = await Promise.allSettled([
      committer.place(buy(first.id, '10', '1')),
      committer.place(broken),
      committer.place(buy(second.id, '10', '2')),
    ]);
    await committer.settled();
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await spot(first.id)).toEqual({ available: '90', locked: '10' });
    expect(await spot(second.id)).toEqual({ available: '80', locked: '20' });
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
      await ctx.deposit(poor.account, 'USDT', '5');
      const dying = poolDyingAtCommit(mode);
      try {
        const committer = new PlacementCommitter({ pool: dying, queues });
        // Three requests in one group commit: two fit, one is refused for its funds.
        const outcomes = await Promise.allSettled([
          committer.place(buy(rich.id, '10', '1')),
          committer.place(buy(poor.id, '10', '1')),
          committer.place(buy(rich.id, '10', '2')),
        ]);
        await committer.settled();
        expect(
          outcomes.map((outcome) => (outcome.status === 'rejected' ? keyOf(outcome.reason) : 'stored')),
        ).toEqual(['stored', 'balance_insufficient', 'stored']);
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
        expect(stored.map((order) => order.locked.toFixed())).toEqual(['10', '20']);
        expect(await spot(rich.id)).toEqual({ available: '70', locked: '30' });
        expect(await spot(poor.id)).toEqual({ available: '5', locked: '0' });
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
    expect(await spot(user.id)).toEqual({ available: '80', locked: '20' });
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('holds every user to the open-order limit, counting the orders ahead in the same batch', async () => {
    const user = await ctx.signedInUser();
    await ctx.deposit(user.account, 'USDT', '1000');
    const outcomes = await inTransaction(pool, (sql) =>
      storeOrders(
        sql,
        Array.from({ length: 205 }, () => buy(user.id, '1', '0.001')),
      ),
    );
    expect(outcomes.filter((outcome) => !(outcome instanceof AppError))).toHaveLength(200);
    expect(outcomes.slice(200).map(keyOf)).toEqual(Array.from({ length: 5 }, () => 'too_many_open_orders'));
    expect(await spot(user.id)).toEqual({ available: '999.8', locked: '0.2' });
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('holds the open-order limit across concurrent committers, and refused orders do not count', async () => {
    const user = await ctx.signedInUser();
    await ctx.deposit(user.account, 'USDT', '1000');
    const first = await inTransaction(pool, (sql) =>
      storeOrders(sql, [
        ...Array.from({ length: 195 }, () => buy(user.id, '1', '0.001')),
        buy(user.id, '10000', '1'), // refused for funds: takes no place under the limit
      ]),
    );
    expect(first.slice(195).map(keyOf)).toEqual(['balance_insufficient']);
    const counter = () =>
      ctx.prisma.spotOpenOrders.findUniqueOrThrow({
        where: { user_id_match_id: { user_id: user.id, match_id: pair.id } },
      });
    expect((await counter()).open).toBe(195);
    // Two committers on their own pools stand for two API processes; 5 places are left for 24 orders.
    const pools = [createPool(ctx.databaseUrl, 3), createPool(ctx.databaseUrl, 3)];
    try {
      const committers = pools.map((own) => new PlacementCommitter({ pool: own, queues }, 4));
      const outcomes = await Promise.allSettled(
        Array.from({ length: 24 }, (_, index) =>
          (committers[index % 2] as PlacementCommitter).place(buy(user.id, '1', '0.001')),
        ),
      );
      await Promise.all(committers.map((committer) => committer.settled()));
      expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(5);
      const refusals = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason] : []));
      expect(refusals.map(keyOf)).toEqual(Array.from({ length: 19 }, () => 'too_many_open_orders'));
    } finally {
      await Promise.all(pools.map((own) => own.end()));
    }
    expect((await counter()).open).toBe(200);
    expect(await ctx.prisma.spotOrder.count({ where: { user_id: user.id, state: 'new' } })).toBe(200);
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('acknowledges through HTTP only orders that are committed, in a burst of mixed orders', async () => {
    const users = await Promise.all(Array.from({ length: 8 }, () => ctx.signedInUser()));
    for (const [index, user] of users.entries())
      await ctx.deposit(user.account, 'USDT', index % 2 === 0 ? '100' : '15');
    const answers = await Promise.all(
      users.flatMap((user) =>
        Array.from({ length: 4 }, () =>
          ctx.post(
            '/api/coin/trade',
            {
              legal_id: pair.legal_id,
              currency_id: pair.currency_id,
              type: 1,
              target_price: '10',
              amount: '1',
            },
            user.token,
          ),
        ),
      ),
    );
    // Rich users place all four (40 of 100); the others one (10 of 15), the rest refused for funds.
    const accepted = answers.filter((answer) => answer.body.type === 'ok');
    expect(accepted).toHaveLength(4 * 4 + 4);
    expect(
      answers.filter((answer) => answer.body.type !== 'ok').map((answer) => answer.body.message as string),
    ).toEqual(Array.from({ length: 12 }, () => 'Insufficient balance'));
    const ids = accepted.map((answer) => BigInt(answer.body.order.id as string));
    expect(await ctx.prisma.spotOrder.count({ where: { id: { in: ids } } })).toBe(ids.length);
    expect((await ctx.audit()).problems).toEqual([]);
  });
});
