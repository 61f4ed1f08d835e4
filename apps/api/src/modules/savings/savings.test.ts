import { beforeAll, describe, expect, it } from 'vitest';
import { inTransaction, prismaSql } from '@exchange/kernel/db';
import { bookHouse, lockHouseBalance, LOG_TYPES, Money } from '@exchange/kernel/ledger';
import { useTestContext, type TestContext } from '../../../../../test/harness';
import { DAY_MS, SAVINGS_POOL, settleDue, settleHolding } from './holdings';
import { savePlan } from './plans';
import { maturityJobId, SavingsJobs } from './queue';

const ctx = useTestContext();
let usdt: number;
let btc: number;
const TRADE_PASSWORD = '135790';

beforeAll(async () => {
  [usdt, btc] = await ctx.currencyIds('USDT', 'BTC');
  // The interest reserve, funded as an operator does with `ops house:fund`.
  await ctx.fundHouse('savings_pool', 'USDT', '100');
});

type User = Awaited<ReturnType<TestContext['signedInUser']>>;

async function saver(usdtAmount = '10000'): Promise<User> {
  const user = await ctx.signedInUser({ tradePassword: TRADE_PASSWORD });
  await ctx.deposit(user.account, 'USDT', usdtAmount);
  return user;
}

const planId = async (currencyId: number, day: number) =>
  (await ctx.prisma.savingsPlan.findFirstOrThrow({ where: { currency_id: currencyId, day, status: 1 } })).id;

const submit = (user: User, body: Record<string, string | number>, lang = 'en') =>
  ctx.http
    .post('/api/record/submit')
    .type('form')
    .set('Authorization', user.token)
    .set('lang', lang)
    .send(body)
    .then((response) => response.body as { type: string; message: string });

const usdtWallet = (user: User) => ctx.balance(user.id, usdt);

const settleAt = (at: Date) => settleDue(ctx.app.pg, at);

/** A saver with 1000 USDT who put 700 into the 7-day plan (0.2 % of interest: 1.4, 0.2 a day). */
async function sevenDayHolding() {
  const user = await saver('1000');
  const body = { set_id: await planId(usdt, 7), currency_id: usdt, balance: '700', password: TRADE_PASSWORD };
  expect((await submit(user, body)).type).toBe('ok');
  const holding = await ctx.prisma.savingsHolding.findFirstOrThrow({ where: { user_id: user.id } });
  return { user, holding, start: holding.start_at.getTime() };
}

describe('GET /api/wallet/deposit_setup and POST /api/wallet/depositlist', () => {
  it('lists the seeded plans (id, day, rate) and the caller’s depositable balances', async () => {
    const user = await saver('250');
    const plans = (await ctx.get('/api/wallet/deposit_setup', user.token)).body.message;
    expect(plans).toContainEqual({
      id: await planId(usdt, 30),
      day: 30,
      rate: '1',
      save_min: '10',
      currency_id: usdt,
      currency_name: 'USDT',
    });
    const list = (await ctx.post('/api/wallet/depositlist', {}, user.token)).body.message;
    expect(list.deposit_wallet.balance).toContainEqual({
      currency: usdt,
      currency_name: 'USDT',
      change_balance: '250',
      decimal_scale: 6,
    });
    expect((await ctx.get('/api/wallet/deposit_setup')).body.type).toBe('999');
  });
});

describe('POST /api/record/submit, daily interest and maturity', () => {
  it('locks the principal, pays each completed day once from the pool, returns principal and interest at the end', async () => {
    const user = await saver('10000');
    const started = Date.now();
    const answer = await submit(user, {
      set_id: await planId(usdt, 7),
      currency_id: usdt,
      balance: '1000',
      password: TRADE_PASSWORD,
    });
    expect(answer).toEqual({ type: 'ok', message: 'Deposited into savings' });
    expect(await usdtWallet(user)).toEqual({ available: '9000', locked: '1000' });
    const holding = await ctx.prisma.savingsHolding.findFirstOrThrow({ where: { user_id: user.id } });
    // 1000 × 0.2 % = 2 over 7 days: 0.285714 a day (rounded down), the last day takes what is left.
    expect(holding.total_interest.toFixed()).toBe('2');
    expect((await ctx.audit()).problems).toEqual([]);
    // Its maturity is a delayed job with a deterministic id.
    const jobs = new SavingsJobs(ctx.redisUrl, ctx.config.REDIS_PREFIX);
    const job = await jobs.queue.getJob(maturityJobId(holding.id));
    expect(job?.data).toEqual({ kind: 'mature', holdingId: holding.id });
    await jobs.close();

    const start = holding.start_at.getTime();
    expect(start).toBeGreaterThanOrEqual(started - 1_000);
    // Nothing is due before the first day completes (the only holding so far).
    const nothing = { holdings: 0, accrued: 0, matured: 0, failed: [] };
    expect(await settleAt(new Date(start + DAY_MS - 1))).toEqual(nothing);
    expect(await ctx.prisma.savingsAccrual.count({ where: { holding_id: holding.id } })).toBe(0);
    // Three days later (the workers were down): the three days are caught up, and paid once; the holding is
    // next due when its fourth day completes.
    expect(await settleAt(new Date(start + 3 * DAY_MS + 5))).toEqual({ ...nothing, holdings: 1, accrued: 3 });
    expect(await settleAt(new Date(start + 3 * DAY_MS + 10))).toEqual(nothing);
    expect(await settleAt(new Date(start + 4 * DAY_MS - 1))).toEqual(nothing);
    const accruals = await ctx.prisma.savingsAccrual.findMany({
      where: { holding_id: holding.id },
      orderBy: { day_index: 'asc' },
    });
    expect(accruals.map((row) => [row.day_index, row.amount.toFixed(), row.paid_at !== null])).toEqual([
      [1, '0.285714', true],
      [2, '0.285714', true],
      [3, '0.285714', true],
    ]);
    expect(await usdtWallet(user)).toEqual({ available: '9000.857142', locked: '1000' });
    const interestLogs = await ctx.prisma.accountLog.count({ where: { user_id: user.id, type: 403 } });
    expect(interestLogs).toBe(3);
    expect((await ctx.audit()).problems).toEqual([]);

    // Past the end, twice and side by side: the rest of the days, then the principal, exactly once.
    const late = new Date(start + 9 * DAY_MS);
    const [first, direct, second] = await Promise.all([
      settleAt(late),
      inTransaction(ctx.app.pg, (sql) => settleHolding(sql, holding.id, late)),
      settleAt(late),
    ]);
    // Days 4 to 7 recorded once, and the principal returned once, whichever run got there first.
    expect((first?.accrued ?? 0) + direct.accrued + (second?.accrued ?? 0)).toBe(4);
    expect((first?.matured ?? 0) + Number(direct.matured) + (second?.matured ?? 0)).toBe(1);
    await settleAt(new Date(start + 20 * DAY_MS));
    expect(await usdtWallet(user)).toEqual({ available: '10002', locked: '0' });
    const matured = await ctx.prisma.savingsHolding.findUniqueOrThrow({ where: { id: holding.id } });
    expect(matured).toMatchObject({ status: 2, days_accrued: 7 });
    expect(matured.interest_paid.toFixed()).toBe('2');
    expect(await ctx.prisma.savingsAccrual.count({ where: { holding_id: holding.id } })).toBe(7);
    const records = (await ctx.post('/api/record/lists', { page: 1, limit: 20 }, user.token)).body.message;
    expect(records.data[0]).toMatchObject({
      id: holding.id,
      currency_name: 'USDT',
      balance: '1000',
      profit_balance: '2',
      rate: '0.2',
      day: 7,
      status: 2,
      status_name: 'Matured',
    });
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('names the holding and each accrual on every ledger row, and settles a holding that no longer exists as nothing', async () => {
    const { user, holding, start } = await sevenDayHolding();
    const outcome = await inTransaction(ctx.app.pg, (sql) =>
      settleHolding(sql, holding.id, new Date(start + 7 * DAY_MS)),
    );
    expect({ ...outcome, paid: outcome.paid.toFixed() }).toEqual({ accrued: 7, paid: '1.4', matured: true });
    const accruals = await ctx.prisma.savingsAccrual.findMany({ where: { holding_id: holding.id } });
    const logs = await ctx.prisma.accountLog.findMany({
      where: { user_id: user.id, type: { not: LOG_TYPES.ADMIN_ADJUST } },
    });
    const refsOf = (type: number) =>
      logs.filter((log) => log.type === type).map((log) => [log.ref_type, log.ref_id]);
    const holdingRef = ['savings', String(holding.id)];
    expect(refsOf(LOG_TYPES.SAVINGS_LOCK)).toEqual([holdingRef, holdingRef]);
    expect(refsOf(LOG_TYPES.SAVINGS_RETURN)).toEqual([holdingRef, holdingRef]);
    const accrualRefs = accruals.map((accrual) => ['savings_accrual', String(accrual.id)]).sort();
    expect(refsOf(LOG_TYPES.SAVINGS_INTEREST).sort()).toEqual(accrualRefs);
    const poolEntries = await ctx.prisma.houseEntry.findMany({
      where: {
        account: SAVINGS_POOL,
        type: LOG_TYPES.SAVINGS_INTEREST,
        ref_id: { in: accrualRefs.map(([, id]) => id ?? '') },
      },
    });
    expect(poolEntries.map((entry) => [entry.ref_type, entry.ref_id]).sort()).toEqual(accrualRefs);
    // A run with an earlier clock than the last one (a job late in the queue) changes nothing.
    const rewound = await inTransaction(ctx.app.pg, (sql) =>
      settleHolding(sql, holding.id, new Date(start + 3 * DAY_MS)),
    );
    expect({ ...rewound, paid: rewound.paid.toFixed() }).toEqual({ accrued: 0, paid: '0', matured: false });
    // The maturity job of a holding that is gone: nothing to do.
    const gone = await inTransaction(ctx.app.pg, (sql) => settleHolding(sql, 2_000_000_000, new Date()));
    expect({ ...gone, paid: gone.paid.toFixed() }).toEqual({ accrued: 0, paid: '0', matured: false });
    expect(await usdtWallet(user)).toEqual({ available: '1001.4', locked: '0' });
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('leaves interest unpaid while the pool is short, and pays it once funded; opens interest-free holdings regardless', async () => {
    const { user, holding, start } = await sevenDayHolding();
    // The pool's whole balance moved out (to the fee income, so the books still balance).
    const movePool = (amount: string) =>
      inTransaction(ctx.app.pg, async (sql) => {
        const entry = { currencyId: usdt, type: LOG_TYPES.ADMIN_ADJUST };
        await bookHouse(sql, [
          { ...entry, account: SAVINGS_POOL, amount: new Money(amount).neg() },
          { ...entry, account: 'fees', amount: new Money(amount) },
        ]);
      });
    const pooled = await inTransaction(ctx.app.pg, (sql) => lockHouseBalance(sql, SAVINGS_POOL, usdt));
    await movePool(pooled.toFixed());
    try {
      const short = await inTransaction(ctx.app.pg, (sql) =>
        settleHolding(sql, holding.id, new Date(start + 2 * DAY_MS)),
      );
      expect({ ...short, paid: short.paid.toFixed() }).toEqual({ accrued: 2, paid: '0', matured: false });
      expect(await usdtWallet(user)).toEqual({ available: '300', locked: '700' });
      // A plan that pays no interest promises nothing the pool must hold: it opens all the same.
      const free = await savePlan(prismaSql(ctx.prisma), {
        currency: 'USDT',
        day: 3,
        rate: '0',
        saveMin: '1',
        open: true,
      });
      expect(
        (await submit(user, { set_id: free, currency_id: usdt, balance: '100', password: TRADE_PASSWORD }))
          .type,
      ).toBe('ok');
      expect(
        (
          await submit(user, {
            set_id: await planId(usdt, 7),
            currency_id: usdt,
            balance: '100',
            password: TRADE_PASSWORD,
          })
        ).message,
      ).toBe('The savings interest reserve cannot take new deposits now, please try later');
    } finally {
      await movePool(pooled.neg().toFixed());
    }
    const funded = await inTransaction(ctx.app.pg, (sql) =>
      settleHolding(sql, holding.id, new Date(start + 2 * DAY_MS + 1)),
    );
    expect({ ...funded, paid: funded.paid.toFixed() }).toEqual({ accrued: 0, paid: '0.4', matured: false });
    // A run with an earlier clock than the last one (a job late in the queue) changes nothing mid-term either.
    const rewound = await inTransaction(ctx.app.pg, (sql) =>
      settleHolding(sql, holding.id, new Date(start + DAY_MS)),
    );
    expect({ ...rewound, paid: rewound.paid.toFixed() }).toEqual({ accrued: 0, paid: '0', matured: false });
    const kept = await ctx.prisma.savingsHolding.findUniqueOrThrow({ where: { id: holding.id } });
    expect(kept.days_accrued).toBe(2);
    expect(kept.next_at.getTime()).toBe(start + 3 * DAY_MS);
    expect(await usdtWallet(user)).toEqual({ available: '200.4', locked: '800' });
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('pays and matures the other holdings when one cannot be settled, and settles that one on a later run', async () => {
    const broken = await sevenDayHolding();
    const sound = await sevenDayHolding();
    // A broken record: day 1 of the first holding is already written though its holding says no day is,
    // so recording its days fails (one accrual per holding and day) and its whole transaction rolls back.
    const stray = await ctx.prisma.savingsAccrual.create({
      data: { holding_id: broken.holding.id, day_index: 1, amount: '0' },
    });
    const end = new Date(sound.start + 7 * DAY_MS);
    const run = await settleAt(end);
    expect(run.failed).toEqual([broken.holding.id]);
    expect(await usdtWallet(sound.user)).toEqual({ available: '1001.4', locked: '0' });
    expect(await usdtWallet(broken.user)).toEqual({ available: '300', locked: '700' });
    expect(
      await ctx.prisma.savingsHolding.findUniqueOrThrow({ where: { id: broken.holding.id } }),
    ).toMatchObject({ status: 1, days_accrued: 0 });
    expect((await ctx.audit()).problems).toEqual([]);

    await ctx.prisma.savingsAccrual.delete({ where: { id: stray.id } });
    expect((await settleAt(end)).failed).toEqual([]);
    expect(await usdtWallet(broken.user)).toEqual({ available: '1001.4', locked: '0' });
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('refuses a missing plan, another currency’s plan, below the minimum, bad amounts and passwords, changing nothing', async () => {
    const user = await saver('500');
    const plan = await planId(usdt, 30);
    const btcPlan = await planId(btc, 30);
    const closed = await savePlan(prismaSql(ctx.prisma), {
      currency: 'USDT',
      day: 14,
      rate: '1',
      saveMin: '1',
      open: false,
    });
    const good = { set_id: plan, currency_id: usdt, balance: '100', password: TRADE_PASSWORD };
    const cases: [Record<string, string | number>, string][] = [
      [{ ...good, set_id: 999_999 }, 'This savings plan does not exist'],
      [{ ...good, set_id: closed }, 'This savings plan does not exist'],
      [{ ...good, set_id: btcPlan }, 'This savings plan does not exist'],
      [{ ...good, set_id: 'x' }, 'This savings plan does not exist'],
      [{ ...good, set_id: '' }, 'This savings plan does not exist'],
      [{ ...good, balance: '' }, 'Please enter an amount'],
      [{ ...good, balance: '0' }, 'The amount must be greater than 0'],
      [{ ...good, balance: '-100' }, 'The amount must be greater than 0'],
      [{ ...good, balance: '100.0000001' }, 'The amount can have at most 6 decimal places'],
      [{ ...good, balance: '9.99' }, 'The minimum deposit for this plan is 10 USDT'],
      [{ ...good, password: '' }, 'Please enter the trade password'],
      [{ ...good, password: '000000' }, 'The trade password is incorrect'],
      [{ ...good, balance: '500.01' }, 'Insufficient balance'],
    ];
    for (const [body, message] of cases) expect(await submit(user, body)).toEqual({ type: 'error', message });
    expect((await submit(user, { ...good, set_id: 999_999 }, 'zh')).message).toBe('该理财方案不存在');
    expect(await usdtWallet(user)).toEqual({ available: '500', locked: '0' });
    expect(await ctx.prisma.savingsHolding.count({ where: { user_id: user.id } })).toBe(0);
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('lets only one of two concurrent deposits of the same funds through', async () => {
    const user = await saver('300');
    const body = {
      set_id: await planId(usdt, 30),
      currency_id: usdt,
      balance: '300',
      password: TRADE_PASSWORD,
    };
    const answers = await Promise.all([submit(user, body), submit(user, body)]);
    expect(answers.map((answer) => answer.type).sort()).toEqual(['error', 'ok']);
    expect(await usdtWallet(user)).toEqual({ available: '0', locked: '300' });
    expect(await ctx.prisma.savingsHolding.count({ where: { user_id: user.id } })).toBe(1);
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('refuses a deposit whose interest the pool could not pay', async () => {
    const user = await saver('10000');
    // 9000 × 3.6 % = 324 USDT of interest; the pool holds 100 less what is promised already.
    const answer = await submit(user, {
      set_id: await planId(usdt, 90),
      currency_id: usdt,
      balance: '9000',
      password: TRADE_PASSWORD,
    });
    expect(answer).toEqual({
      type: 'error',
      message: 'The savings interest reserve cannot take new deposits now, please try later',
    });
    expect(await usdtWallet(user)).toEqual({ available: '10000', locked: '0' });
  });

  it('shows each user only their own records', async () => {
    const alice = await saver('100');
    const bob = await saver('100');
    const body = {
      set_id: await planId(usdt, 30),
      currency_id: usdt,
      balance: '50',
      password: TRADE_PASSWORD,
    };
    expect((await submit(alice, body)).type).toBe('ok');
    const mine = (await ctx.post('/api/record/lists', {}, alice.token)).body.message;
    expect(mine.total).toBe(1);
    expect(mine.data[0]).toMatchObject({
      balance: '50',
      status: 1,
      status_name: 'Holding',
      profit_balance: '0',
    });
    expect((await ctx.post('/api/record/lists', { user_id: alice.id }, bob.token)).body.message.total).toBe(
      0,
    );
    expect((await ctx.post('/api/record/lists', { page: -1 }, bob.token)).body.type).toBe('error');
  });
});
