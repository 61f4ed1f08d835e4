import { beforeAll, describe, expect, it } from 'vitest';
import { useTestContext } from '../../../test/harness';
import { DAY_MS, maturityJobId, SavingsJobs } from '@exchange/api/modules/savings';
import { SavingsWorker } from './savings-worker';

const ctx = useTestContext();
let usdt: number;
const TRADE_PASSWORD = '112233';

beforeAll(async () => {
  usdt = await ctx.currencyId('USDT');
  await ctx.fundHouse('savings_pool', 'USDT', '1000');
});

async function until(check: () => Promise<boolean>, timeoutMs = 15_000) {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Everything this test's Redis prefix holds: as if Redis had been flushed. */
async function flushRedis() {
  const keys = await ctx.redis.keys(`${ctx.config.REDIS_PREFIX}*`);
  const unprefixed = keys.map((key) => key.slice(ctx.config.REDIS_PREFIX.length));
  if (unprefixed.length > 0) await ctx.redis.del(...unprefixed);
}

async function holdingOf(amount: string, day: number) {
  const user = await ctx.signedInUser({ tradePassword: TRADE_PASSWORD });
  await ctx.deposit(user.account, 'USDT', amount);
  const plan = await ctx.prisma.savingsPlan.findFirstOrThrow({
    where: { currency_id: usdt, day, status: 1 },
  });
  const answer = await ctx.post(
    '/api/record/submit',
    { set_id: plan.id, currency_id: usdt, balance: amount, password: TRADE_PASSWORD },
    user.token,
  );
  expect(answer.body.type).toBe('ok');
  const holding = await ctx.prisma.savingsHolding.findFirstOrThrow({ where: { user_id: user.id } });
  return { user, holding };
}

/** The worker on this test's database and Redis, at the time `clock` says. */
const workerAt = (clock: () => Date, accrueEveryMs: number) =>
  new SavingsWorker({
    databaseUrl: ctx.databaseUrl,
    redisUrl: ctx.redisUrl,
    redisPrefix: ctx.config.REDIS_PREFIX,
    log: () => undefined,
    clock,
    accrueEveryMs,
    sweepEveryMs: 60_000,
  });

const wallet = (userId: number) => ctx.balance(userId, usdt);

describe('savings worker', () => {
  it('pays the days as the clock passes them, through the repeatable job, and matures once at the end', async () => {
    const { user, holding } = await holdingOf('1000', 30);
    let now = holding.start_at.getTime();
    const worker = workerAt(() => new Date(now), 100);
    await worker.start();
    try {
      const days = async () =>
        (await ctx.prisma.savingsHolding.findUniqueOrThrow({ where: { id: holding.id } })).days_accrued;
      // 1000 × 1 % = 10 over 30 days: 0.333333 a day, the last day 0.333343.
      now += 2 * DAY_MS + 1;
      await until(async () => (await days()) === 2);
      expect(await wallet(user.id)).toEqual({ available: '0.666666', locked: '1000' });
      now += 10 * DAY_MS;
      await until(async () => (await days()) === 12);
      expect((await ctx.audit()).problems).toEqual([]);
      // The maturity job: scheduled by the deposit; run at the end of the term it returns everything.
      now = holding.end_at.getTime();
      await worker.run({ kind: 'mature', holdingId: holding.id });
      await worker.run({ kind: 'mature', holdingId: holding.id });
      await until(
        async () =>
          (await ctx.prisma.savingsHolding.findUniqueOrThrow({ where: { id: holding.id } })).status === 2,
      );
      expect(await wallet(user.id)).toEqual({ available: '1010', locked: '0' });
      expect(await ctx.prisma.savingsAccrual.count({ where: { holding_id: holding.id } })).toBe(30);
      // One return of the principal: its two column movements (out of locked, into available).
      expect(await ctx.prisma.accountLog.count({ where: { user_id: user.id, type: 404 } })).toBe(2);
      expect((await ctx.audit()).problems).toEqual([]);
    } finally {
      await worker.stop();
    }
  });

  it('after downtime and a flushed Redis, the sweeper at start catches up every missed day and maturity', async () => {
    const short = await holdingOf('700', 7);
    const long = await holdingOf('2000', 30);
    await flushRedis();
    const now = long.holding.start_at.getTime() + 10 * DAY_MS;
    const worker = workerAt(() => new Date(now), 60_000);
    await worker.start();
    try {
      // 700 × 0.2 % = 1.4 over 7 days, all paid, principal back; the 30-day one is 10 days in.
      expect(await wallet(short.user.id)).toEqual({ available: '701.4', locked: '0' });
      const longRow = await ctx.prisma.savingsHolding.findUniqueOrThrow({ where: { id: long.holding.id } });
      expect(longRow).toMatchObject({ status: 1, days_accrued: 10 });
      expect(longRow.interest_paid.toFixed()).toBe('6.66666');
      // The sweeper scheduled the lost maturity again.
      const jobs = new SavingsJobs(ctx.redisUrl, ctx.config.REDIS_PREFIX);
      expect(await jobs.queue.getJob(maturityJobId(long.holding.id))).toBeTruthy();
      await jobs.close();
      expect((await ctx.audit()).problems).toEqual([]);
    } finally {
      await worker.stop();
    }
  });
});
