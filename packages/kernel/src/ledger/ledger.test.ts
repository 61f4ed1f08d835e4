import { beforeAll, describe, expect, it, vi } from 'vitest';
import { useTestContext } from '../../../../test/harness';
import { AppError } from '../errors';
import { credit, debit, lock, payLocked, settleLocked, transferBetweenAccounts, unlock } from './ledger';
import { applyMovements, applyScaledBatchMovements, bookHouse, type ColumnMovement } from './writer';
import { createPool, inTransaction, type Sql } from '../db/sql';
import { LOG_TYPES } from './log-types';
import { Money } from './money';
import { parseScaled } from './scaled';

/** The batch writer, given the tests' decimal movements exactly as scaled deltas (what its caller hands it). */
const applyBatch = (sql: Sql, movements: ColumnMovement[]) =>
  applyScaledBatchMovements(
    sql,
    movements.map((movement) => ({ ...movement, delta: parseScaled(movement.delta.toFixed()) })),
  );

const ctx = useTestContext();
let usdt: number;
beforeAll(async () => {
  usdt = await ctx.currencyId('USDT');
});

const wallet = (userId: number) => ctx.wallet(userId, usdt);

/** A user holding `amount` USDT on spot, with the fields every ledger call of the test names. */
async function fundedUser(amount: string) {
  const user = await ctx.signedInUser();
  await ctx.deposit(user.account, 'USDT', amount);
  const base = {
    userId: user.id,
    currencyId: usdt,
    account: 'change' as const,
    type: LOG_TYPES.ADMIN_ADJUST,
  };
  return { user, base };
}

/** Movements of the available column of `base`'s account, for any user. */
const availableMove =
  (base: Awaited<ReturnType<typeof fundedUser>>['base']) =>
  (userId: number, delta: string): ColumnMovement => ({
    ...base,
    userId,
    isLock: false,
    delta: new Money(delta),
  });

describe('ledger', () => {
  it('locks, unlocks, settles and transfers with a log row for every column it changes', async () => {
    const { user, base } = await fundedUser('100');
    await ctx.prisma.$transaction(async (tx) => {
      await lock(tx, { ...base, amount: new Money('30.5') });
      await unlock(tx, { ...base, amount: new Money('10.5') });
      await settleLocked(tx, { ...base, amount: new Money('20') });
      await bookHouse(tx, {
        currencyId: usdt,
        account: 'fees',
        amount: new Money('20'),
        type: LOG_TYPES.ADMIN_ADJUST,
      });
      await transferBetweenAccounts(tx, {
        userId: user.id,
        currencyId: usdt,
        from: 'change',
        to: 'micro',
        amount: new Money('0.000001'),
        outType: LOG_TYPES.CHANGE_TRANSFER_OUT,
        inType: LOG_TYPES.LEVER_MICRO_TRANSFER_IN,
      });
    });
    const row = await wallet(user.id);
    expect(row.change_balance.toFixed()).toBe('79.999999');
    expect(row.lock_change_balance.toFixed()).toBe('0');
    expect(row.micro_balance.toFixed()).toBe('0.000001');
    const logs = await ctx.prisma.accountLog.findMany({
      where: { user_id: user.id },
      orderBy: { id: 'asc' },
    });
    expect(
      logs.map((log) => [log.account, log.is_lock, log.delta.toFixed(), log.balance_after.toFixed()]),
    ).toEqual([
      ['change', false, '100', '100'],
      ['change', false, '-30.5', '69.5'],
      ['change', true, '30.5', '30.5'],
      ['change', true, '-10.5', '20'],
      ['change', false, '10.5', '80'],
      ['change', true, '-20', '0'],
      ['change', false, '-0.000001', '79.999999'],
      ['micro', false, '0.000001', '0.000001'],
    ]);
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('refuses to go below zero and changes nothing', async () => {
    const { user, base } = await fundedUser('5');
    for (const operation of [debit, lock, settleLocked, unlock]) {
      await expect(
        ctx.prisma.$transaction((tx) => operation(tx, { ...base, amount: new Money('5.000001') })),
      ).rejects.toEqual(new AppError('balance_insufficient'));
    }
    await expect(
      ctx.prisma.$transaction((tx) => debit(tx, { ...base, account: 'lever', amount: new Money('1') })),
    ).rejects.toBeInstanceOf(AppError);
    expect((await wallet(user.id)).change_balance.toFixed()).toBe('5');
    expect(await ctx.prisma.accountLog.count({ where: { user_id: user.id } })).toBe(1);
    await expect(
      ctx.prisma.$transaction((tx) => credit(tx, { ...base, amount: new Money(0) })),
    ).rejects.toThrow(/positive/);
    await expect(
      ctx.prisma.$transaction((tx) => credit(tx, { ...base, amount: new Money(-1) })),
    ).rejects.toThrow(/positive/);
  });

  it('lets exactly one of twenty concurrent locks of the whole balance through', async () => {
    const { user, base } = await fundedUser('42');
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        ctx.prisma.$transaction((tx) => lock(tx, { ...base, amount: new Money('42') })),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    const row = await wallet(user.id);
    expect([row.change_balance.toFixed(), row.lock_change_balance.toFixed()]).toEqual(['0', '42']);
    // The lock has no holder (no order or withdrawal), which the audit must notice.
    expect((await ctx.audit()).problems).toEqual([
      `user ${user.id} currency ${usdt}: change locks 42 but its holders hold 0`,
    ]);
    await ctx.prisma.$transaction((tx) => unlock(tx, { ...base, amount: new Money('42') }));
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('opens a wallet row for a credit in a currency listed after the user registered', async () => {
    const user = await ctx.signedInUser();
    const listed = await ctx.prisma.currency.create({ data: { name: 'NEWC', full_name: 'New coin' } });
    await ctx.deposit(user.account, 'NEWC', '3');
    const row = await ctx.wallet(user.id, listed.id);
    expect(row.change_balance.toFixed()).toBe('3');
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('writes a batch with no read before it: opens missing wallets, logs each balance_after, refuses whole', async () => {
    const user = await ctx.signedInUser();
    await ctx.deposit(user.account, 'USDT', '100');
    const listed = await ctx.prisma.currency.create({ data: { name: 'BATC', full_name: 'Batch coin' } });
    const move = (currencyId: number, isLock: boolean, delta: string): ColumnMovement => ({
      userId: user.id,
      currencyId,
      account: 'change',
      isLock,
      delta: new Money(delta),
      type: LOG_TYPES.SPOT_TRADE,
      ref: { type: 'spot_order', id: '1' },
    });
    const pool = createPool(ctx.databaseUrl, 1);
    try {
      await inTransaction(pool, (sql) =>
        applyBatch(sql, [
          move(usdt, true, '40'),
          move(listed.id, false, '2'),
          move(usdt, false, '-40'),
          move(usdt, true, '-15'),
          move(usdt, false, '15'),
        ]),
      );
      const logs = await ctx.prisma.accountLog.findMany({
        where: { user_id: user.id, type: LOG_TYPES.SPOT_TRADE },
        orderBy: { id: 'asc' },
      });
      expect(
        logs.map((row) => [row.currency_id, row.is_lock, row.delta.toFixed(), row.balance_after.toFixed()]),
      ).toEqual([
        [usdt, true, '40', '40'],
        [listed.id, false, '2', '2'],
        [usdt, false, '-40', '60'],
        [usdt, true, '-15', '25'],
        [usdt, false, '15', '75'],
      ]);
      // Beyond what is there: Postgres refuses the statement, and nothing of the batch stays.
      await expect(
        inTransaction(pool, (sql) =>
          applyBatch(sql, [move(listed.id, false, '5'), move(usdt, false, '-76')]),
        ),
      ).rejects.toMatchObject({ key: 'balance_insufficient' });
      expect((await wallet(user.id)).change_balance.toFixed()).toBe('75');
      expect(
        await ctx.prisma.accountLog.count({ where: { user_id: user.id, type: LOG_TYPES.SPOT_TRADE } }),
      ).toBe(5);
      // Undone, so the books balance again (the batch above moved money no order or deposit accounts for).
      await inTransaction(pool, (sql) =>
        applyBatch(sql, [move(listed.id, false, '-2'), move(usdt, true, '-25'), move(usdt, false, '25')]),
      );
    } finally {
      await pool.end();
    }
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('is caught by the audit when anything writes balances behind its back', async () => {
    const user = await ctx.signedInUser();
    await ctx.deposit(user.account, 'USDT', '10');
    await ctx.prisma.$executeRawUnsafe(
      'UPDATE wallets SET change_balance = change_balance + 1 WHERE user_id = $1 AND currency_id = $2',
      user.id,
      usdt,
    );
    const report = await ctx.audit();
    expect(report.ok).toBe(false);
    expect(report.problems).toEqual([
      'USDT: balances differ from deposits minus withdrawals by 1',
      `user ${user.id} currency ${usdt}: available change is 11 but its log sums to 10`,
    ]);
    await ctx.prisma.$executeRawUnsafe(
      'UPDATE wallets SET change_balance = change_balance - 1 WHERE user_id = $1 AND currency_id = $2',
      user.id,
      usdt,
    );
    expect((await ctx.audit()).ok).toBe(true);
  });

  it('pays locked funds to another user, both rows logged, and refuses more than is locked', async () => {
    const payer = await fundedUser('10');
    const payee = await ctx.signedInUser();
    await ctx.prisma.$transaction(async (tx) => {
      await lock(tx, { ...payer.base, amount: new Money('4') });
      await expect(
        payLocked(
          tx,
          { ...payer.base, amount: new Money('4.000001') },
          { userId: payee.id, type: LOG_TYPES.ADMIN_ADJUST },
        ),
      ).rejects.toEqual(new AppError('balance_insufficient'));
      await payLocked(
        tx,
        { ...payer.base, amount: new Money('4') },
        { userId: payee.id, type: LOG_TYPES.C2C_DONE },
      );
    });
    expect(await ctx.balance(payer.user.id, usdt)).toEqual({ available: '6', locked: '0' });
    expect(await ctx.balance(payee.id, usdt)).toEqual({ available: '4', locked: '0' });
    const logs = await ctx.prisma.accountLog.findMany({
      where: {
        user_id: { in: [payer.user.id, payee.id] },
        type: { in: [LOG_TYPES.ADMIN_ADJUST, LOG_TYPES.C2C_DONE] },
      },
      orderBy: { id: 'asc' },
    });
    expect(
      logs.map((log) => [
        log.user_id,
        log.is_lock,
        log.delta.toFixed(),
        log.balance_after.toFixed(),
        log.type,
      ]),
    ).toEqual([
      [payer.user.id, false, '-4', '6', LOG_TYPES.ADMIN_ADJUST],
      [payer.user.id, true, '4', '4', LOG_TYPES.ADMIN_ADJUST],
      [payer.user.id, true, '-4', '0', LOG_TYPES.ADMIN_ADJUST],
      [payee.id, false, '4', '4', LOG_TYPES.C2C_DONE],
    ]);
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('writes several movements of one column in one batch, each log row with its own balance_after', async () => {
    const { user, base } = await fundedUser('10');
    const other = await ctx.signedInUser();
    const move = availableMove(base);
    await ctx.prisma.$transaction((tx) =>
      applyMovements(tx, [
        move(user.id, '-3'),
        move(other.id, '3'),
        move(user.id, '0'),
        move(user.id, '-2'),
        move(other.id, '2'),
      ]),
    );
    // A row that would go below zero refuses the whole batch, the other row's credit too.
    await expect(
      ctx.prisma.$transaction((tx) => applyMovements(tx, [move(other.id, '6'), move(user.id, '-6')])),
    ).rejects.toEqual(new AppError('balance_insufficient'));
    await ctx.prisma.$transaction((tx) => applyMovements(tx, [move(other.id, '-5'), move(user.id, '5')]));
    const logs = await ctx.prisma.accountLog.findMany({
      where: { user_id: { in: [user.id, other.id] }, type: LOG_TYPES.ADMIN_ADJUST },
      orderBy: { id: 'asc' },
    });
    expect(logs.map((log) => [log.user_id, log.delta.toFixed(), log.balance_after.toFixed()])).toEqual([
      [user.id, '-3', '7'],
      [other.id, '3', '3'],
      [user.id, '-2', '5'],
      [other.id, '2', '5'],
      [other.id, '-5', '0'],
      [user.id, '5', '10'],
    ]);
    expect(await ctx.balance(user.id, usdt)).toEqual({ available: '10', locked: '0' });
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it("moves one column of one wallet twice in one write, and opens a payee's wallet in a new currency", async () => {
    const { user, base } = await fundedUser('10');
    const debitOf = (delta: string): ColumnMovement => ({ ...base, isLock: false, delta: new Money(delta) });
    await ctx.prisma.$transaction((tx) => applyMovements(tx, [debitOf('-1'), debitOf('-2')]));
    const logs = await ctx.prisma.accountLog.findMany({
      where: { user_id: user.id, type: LOG_TYPES.ADMIN_ADJUST },
      orderBy: { id: 'asc' },
    });
    expect(logs.map((log) => [log.delta.toFixed(), log.balance_after.toFixed()])).toEqual([
      ['-1', '9'],
      ['-2', '7'],
    ]);
    // Paid in a currency listed after the payee registered: the payee's wallet row is opened in the write.
    const payee = await ctx.signedInUser();
    const listed = await ctx.prisma.currency.create({ data: { name: 'PAYC', full_name: 'Pay coin' } });
    await ctx.deposit(user.account, 'PAYC', '5');
    expect(await ctx.prisma.wallet.count({ where: { user_id: payee.id, currency_id: listed.id } })).toBe(0);
    const inListed = { ...base, currencyId: listed.id, amount: new Money('5') };
    await ctx.prisma.$transaction(async (tx) => {
      await lock(tx, inListed);
      await payLocked(tx, inListed, { userId: payee.id, type: LOG_TYPES.ADMIN_ADJUST });
    });
    expect(await ctx.balance(payee.id, listed.id)).toEqual({ available: '5', locked: '0' });
    // Undone, so the books balance again (the debits above went nowhere).
    await ctx.prisma.$transaction((tx) => credit(tx, { ...base, amount: new Money('3') }));
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('reports only a balance that would go below zero as insufficient: any other failure of a batch surfaces', async () => {
    const { base } = await fundedUser('1');
    const pool = createPool(ctx.databaseUrl, 1);
    try {
      // More than NUMERIC(36,18) holds: Postgres refuses the number, which is no question of funds.
      await expect(
        inTransaction(pool, (sql) => applyBatch(sql, [{ ...base, isLock: false, delta: new Money('1e18') }])),
      ).rejects.toMatchObject({ code: '22003' });
    } finally {
      await pool.end();
    }
  });

  it('refuses a batch that goes below zero on the way, though it ends above zero, in either many-row writer', async () => {
    const { user, base } = await fundedUser('5');
    const other = await ctx.signedInUser();
    const move = availableMove(base);
    // 5 - 10 is below zero before the + 20 that would cover it: the log could never show that -5.
    const dipping = [move(user.id, '-10'), move(other.id, '1'), move(user.id, '20')];
    await expect(ctx.prisma.$transaction((tx) => applyMovements(tx, dipping))).rejects.toEqual(
      new AppError('balance_insufficient'),
    );
    const pool = createPool(ctx.databaseUrl, 1);
    try {
      await expect(inTransaction(pool, (sql) => applyBatch(sql, dipping))).rejects.toEqual(
        new AppError('balance_insufficient'),
      );
      // Down to exactly zero on the way is allowed.
      await inTransaction(pool, (sql) => applyBatch(sql, [move(user.id, '-5'), move(user.id, '5')]));
    } finally {
      await pool.end();
    }
    await ctx.prisma.$transaction((tx) => applyMovements(tx, [move(user.id, '-5'), move(user.id, '5')]));
    expect(await ctx.balance(user.id, usdt)).toEqual({ available: '5', locked: '0' });
    expect(await ctx.balance(other.id, usdt)).toEqual({ available: '0', locked: '0' });
    const logs = await ctx.prisma.accountLog.findMany({
      where: { user_id: user.id, type: LOG_TYPES.ADMIN_ADJUST },
      orderBy: { id: 'asc' },
    });
    expect(logs.map((log) => [log.delta.toFixed(), log.balance_after.toFixed()])).toEqual([
      ['-5', '0'],
      ['5', '5'],
      ['-5', '0'],
      ['5', '5'],
    ]);
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('writes no row for a zero movement or a zero house entry, and refuses a house entry that is not finite', async () => {
    const { user, base } = await fundedUser('1');
    const zero = { ...base, isLock: false, delta: new Money(0) };
    const house = { currencyId: usdt, account: 'fees' as const, type: LOG_TYPES.ADMIN_ADJUST };
    const houseEntries = () => ctx.prisma.houseEntry.count({ where: { currency_id: usdt } });
    const entriesBefore = await houseEntries();
    const pool = createPool(ctx.databaseUrl, 1);
    try {
      await inTransaction(pool, async (sql) => {
        await applyMovements(sql, [zero, { ...zero, isLock: true }]);
        await applyBatch(sql, [zero]);
        await bookHouse(sql, [{ ...house, amount: new Money(0) }]);
      });
      await expect(
        inTransaction(pool, (sql) =>
          bookHouse(sql, [
            { ...house, amount: new Money(1) },
            { ...house, amount: new Money(Infinity) },
          ]),
        ),
      ).rejects.toThrow('house entries must be finite, got Infinity');
    } finally {
      await pool.end();
    }
    expect(await ctx.prisma.accountLog.count({ where: { user_id: user.id } })).toBe(1);
    expect(await houseEntries()).toBe(entriesBefore);
  });

  /**
   * Two writes between the same two wallets in opposite directions, at the same moment: each must lock the
   * rows in key order (lower user first), whatever order its movements name them in. The test makes the
   * interleaving that deadlocks without that order: the first writer already holds the lower row when the
   * second starts and names the higher row first; only then does the first write to the higher row.
   */
  async function mirroredWrites(
    write: (sql: Sql, from: number, to: number) => Promise<void>,
    prepare?: (userId: number) => Promise<void>,
  ) {
    const [low, high] = (await Promise.all([fundedUser('10'), fundedUser('10')]))
      .map(({ user }) => user.id)
      .sort((a, b) => a - b) as [number, number];
    await prepare?.(low);
    await prepare?.(high);
    const pool = createPool(ctx.databaseUrl, 2);
    const waitingOnALock = async () => {
      const [row] = await ctx.prisma.$queryRawUnsafe<{ waiting: number }[]>(
        `SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
      );
      return row?.waiting;
    };
    try {
      let second: Promise<void> | undefined;
      await inTransaction(pool, async (sql) => {
        await sql.query('SELECT 1 FROM wallets WHERE user_id = $1 AND currency_id = $2 FOR UPDATE', [
          low,
          usdt,
        ]);
        second = inTransaction(pool, (other) => write(other, high, low));
        second.catch(() => undefined);
        await vi.waitFor(async () => expect(await waitingOnALock()).toBe(1), {
          timeout: 10_000,
          interval: 20,
        });
        await write(sql, low, high);
      });
      await second;
    } finally {
      await pool.end();
    }
    return { low, high };
  }

  it('pays locked funds both ways between two users at once without a deadlock', async () => {
    const movement = (userId: number) => ({
      userId,
      currencyId: usdt,
      account: 'change' as const,
      type: LOG_TYPES.ADMIN_ADJUST,
      amount: new Money('4'),
    });
    const { low, high } = await mirroredWrites(
      (sql, from, to) => payLocked(sql, movement(from), { userId: to, type: LOG_TYPES.ADMIN_ADJUST }),
      (userId) => ctx.prisma.$transaction((tx) => lock(tx, movement(userId))),
    );
    expect(await ctx.balance(low, usdt)).toEqual({ available: '10', locked: '0' });
    expect(await ctx.balance(high, usdt)).toEqual({ available: '10', locked: '0' });
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('writes two batches between the same wallets in opposite directions at once without a deadlock', async () => {
    const move = (userId: number, delta: string): ColumnMovement => ({
      userId,
      currencyId: usdt,
      account: 'change',
      isLock: false,
      delta: new Money(delta),
      type: LOG_TYPES.ADMIN_ADJUST,
    });
    const { low, high } = await mirroredWrites((sql, from, to) =>
      applyBatch(sql, [move(from, '-3'), move(to, '3')]),
    );
    expect(await ctx.balance(low, usdt)).toEqual({ available: '10', locked: '0' });
    expect(await ctx.balance(high, usdt)).toEqual({ available: '10', locked: '0' });
    expect((await ctx.audit()).problems).toEqual([]);
  });
});
