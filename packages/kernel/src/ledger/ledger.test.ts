import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { useTestContext } from '../../../../test/harness';
import { untilWaitingOnLocks } from '../../../../test/locks';
import { AppError } from '../errors';
import { credit, debit, lock, payLocked, settleLocked, transferBetweenAccounts, unlock } from './ledger';
import {
  applyMovements,
  applyScaledBatchMovements,
  bookHouse,
  bookScaledHouse,
  readScaledAvailable,
  type ColumnMovement,
} from './writer';
import { createPool, inTransaction, prismaSql, type Sql } from '../db/sql';
import { LOG_TYPES } from './log-types';
import { Money } from './money';
import { lockHouseBalance } from './house';
import type { HouseAccount } from './accounts';
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

/**
 * Users with no wallet row yet, made directly (no password hashing, no sign-in): payees for the tests that
 * need many of them. Their wallet rows are opened by the first credit.
 */
async function bareUsers(count: number): Promise<{ id: number }[]> {
  // Unique within the test's database (extension codes hold 16 characters).
  const tag = randomBytes(5).toString('hex');
  return ctx.prisma.$queryRawUnsafe<{ id: number }[]>(
    `INSERT INTO users (account_number, extension_code, authorization_code, password_hash)
     SELECT 'bare' || n || '-' || $1, 'b' || n || $1, 'b' || n || $1, '' FROM generate_series(1, $2::int) AS n
     RETURNING id`,
    tag,
    count,
  );
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

  it("moves one user's two currencies in one write, each on its own wallet row", async () => {
    const { user, base } = await fundedUser('10');
    const btc = await ctx.currencyId('BTC');
    await ctx.prisma.$transaction((tx) => lock(tx, { ...base, amount: new Money('3') }));
    // As a trade settles a buyer: the quote leaves the lock, the base arrives available (`back` undoes it).
    const settle = (back = false) =>
      ctx.prisma.$transaction((tx) =>
        applyMovements(tx, [
          { ...base, isLock: true, delta: new Money(back ? '3' : '-3') },
          { ...base, currencyId: btc, isLock: false, delta: new Money(back ? '-0.1' : '0.1') },
        ]),
      );
    await settle();
    expect(await ctx.balance(user.id, usdt)).toEqual({ available: '7', locked: '0' });
    expect(await ctx.balance(user.id, btc)).toEqual({ available: '0.1', locked: '0' });
    // Undone, as the audit counts every balance against deposits.
    await settle(true);
    await ctx.prisma.$transaction((tx) => unlock(tx, { ...base, amount: new Money('3') }));
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('takes from two columns of one wallet in one write only when each covers its part', async () => {
    const { user, base } = await fundedUser('10');
    await ctx.prisma.$transaction((tx) => lock(tx, { ...base, amount: new Money('4') }));
    const both = (available: string, locked: string) =>
      ctx.prisma.$transaction((tx) =>
        applyMovements(tx, [
          { ...base, isLock: false, delta: new Money(available) },
          { ...base, isLock: true, delta: new Money(locked) },
        ]),
      );
    for (const [available, locked] of [
      ['-6', '-4.000001'],
      ['-6.000001', '-4'],
    ] as const) {
      await expect(both(available, locked)).rejects.toEqual(new AppError('balance_insufficient'));
      expect(await ctx.balance(user.id, usdt)).toEqual({ available: '6', locked: '4' });
    }
    await both('-6', '-4');
    expect(await ctx.balance(user.id, usdt)).toEqual({ available: '0', locked: '0' });
    // Given back, as the audit counts every balance against deposits.
    await both('10', '0');
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

  /** A wallet row: one user's balances in one currency. */
  interface WalletKey {
    userId: number;
    currencyId: number;
  }

  /** Two users holding 10 USDT each, as their two wallet rows in (user, currency) order. */
  async function twoFundedWallets(): Promise<[WalletKey, WalletKey]> {
    const [low, high] = (await Promise.all([fundedUser('10'), fundedUser('10')]))
      .map(({ user }) => user.id)
      .sort((a, b) => a - b) as [number, number];
    return [
      { userId: low, currencyId: usdt },
      { userId: high, currencyId: usdt },
    ];
  }

  /**
   * Two writes between the same two wallets in opposite directions, at the same moment: each must lock the
   * rows in key order (user, then currency), whatever order its movements name them in. The test makes the
   * interleaving that deadlocks without that order: the first writer already holds the lower row when the
   * second starts and names the higher row first; only then does the first write to the higher row.
   */
  async function mirroredWrites(
    [low, high]: [WalletKey, WalletKey],
    write: (sql: Sql, from: WalletKey, to: WalletKey) => Promise<void>,
  ) {
    const pool = createPool(ctx.databaseUrl, 2);
    try {
      let second: Promise<void> | undefined;
      await inTransaction(pool, async (sql) => {
        await sql.query('SELECT 1 FROM wallets WHERE user_id = $1 AND currency_id = $2 FOR UPDATE', [
          low.userId,
          low.currencyId,
        ]);
        second = inTransaction(pool, (other) => write(other, high, low));
        second.catch(() => undefined);
        await untilWaitingOnLocks(ctx.prisma, 1);
        await write(sql, low, high);
      });
      await second;
    } finally {
      await pool.end();
    }
  }

  /** Movements of the available spot column of one wallet row. */
  const spotMove = (key: WalletKey, delta: string): ColumnMovement => ({
    ...key,
    account: 'change',
    isLock: false,
    delta: new Money(delta),
    type: LOG_TYPES.ADMIN_ADJUST,
  });

  it('pays locked funds both ways between two users at once without a deadlock', async () => {
    const wallets = await twoFundedWallets();
    const movement = (key: WalletKey) => ({
      ...key,
      account: 'change' as const,
      type: LOG_TYPES.ADMIN_ADJUST,
      amount: new Money('4'),
    });
    for (const key of wallets) await ctx.prisma.$transaction((tx) => lock(tx, movement(key)));
    await mirroredWrites(wallets, (sql, from, to) =>
      payLocked(sql, movement(from), { userId: to.userId, type: LOG_TYPES.ADMIN_ADJUST }),
    );
    for (const key of wallets)
      expect(await ctx.balance(key.userId, usdt)).toEqual({ available: '10', locked: '0' });
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('writes two batches between the same wallets in opposite directions at once without a deadlock', async () => {
    const wallets = await twoFundedWallets();
    await mirroredWrites(wallets, (sql, from, to) =>
      applyBatch(sql, [spotMove(from, '-3'), spotMove(to, '3')]),
    );
    for (const key of wallets)
      expect(await ctx.balance(key.userId, usdt)).toEqual({ available: '10', locked: '0' });
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it("locks one user's wallets in currency order: two writes between them in opposite directions both complete", async () => {
    const { user } = await fundedUser('10');
    const btc = await ctx.currencyId('BTC');
    await ctx.deposit(user.account, 'BTC', '10');
    // USDT and BTC of one user: the order of the two rows is their currencies' order.
    const wallets = [
      { userId: user.id, currencyId: usdt },
      { userId: user.id, currencyId: btc },
    ].sort((a, b) => a.currencyId - b.currencyId) as [WalletKey, WalletKey];
    // Through the writer that reads first (many rows), then through the batch writer (no read).
    await mirroredWrites(wallets, (sql, from, to) =>
      applyMovements(sql, [spotMove(from, '-3'), spotMove(to, '3')]),
    );
    await mirroredWrites(wallets, (sql, from, to) =>
      applyBatch(sql, [spotMove(from, '-2'), spotMove(to, '2')]),
    );
    expect(await ctx.balance(user.id, usdt)).toEqual({ available: '10', locked: '0' });
    expect(await ctx.balance(user.id, btc)).toEqual({ available: '10', locked: '0' });
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('lets exactly one of twenty concurrent payments of the same funds through, in either many-row writer', async () => {
    /** A payer's whole 10 USDT paid at once to twenty payees by `pay`; the payer's wallet after the race. */
    const spendAllAtOnce = async (
      funds: 'available' | 'locked',
      pay: (payer: WalletKey, payee: WalletKey) => Promise<void>,
    ) => {
      const { user, base } = await fundedUser('10');
      if (funds === 'locked')
        await ctx.prisma.$transaction((tx) => lock(tx, { ...base, amount: new Money('10') }));
      const payees = await bareUsers(20);
      const outcomes = await Promise.allSettled(
        payees.map((payee) =>
          pay({ userId: user.id, currencyId: usdt }, { userId: payee.id, currencyId: usdt }),
        ),
      );
      // Whatever the interleaving: one payment takes it all, the others are refused as insufficient (not a
      // deadlock, not a raw constraint error), and no balance ever went below zero.
      const refusals = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason] : []));
      expect(refusals).toHaveLength(19);
      for (const refusal of refusals) expect(refusal).toEqual(new AppError('balance_insufficient'));
      const received = await ctx.prisma.wallet.findMany({
        where: { user_id: { in: payees.map((payee) => payee.id) }, currency_id: usdt },
      });
      expect(received.map((row) => row.change_balance.toFixed())).toEqual(['10']);
      return ctx.balance(user.id, usdt);
    };
    // Twenty transactions at once, each on a connection of its own.
    const pool = createPool(ctx.databaseUrl, 20);
    try {
      // Locked funds paid out: the writer that locks the rows and reads them first.
      const escrowed = await spendAllAtOnce('locked', (payer, payee) =>
        inTransaction(pool, (sql) =>
          payLocked(
            sql,
            { ...payer, account: 'change', type: LOG_TYPES.ADMIN_ADJUST, amount: new Money('10') },
            { userId: payee.userId, type: LOG_TYPES.ADMIN_ADJUST },
          ),
        ),
      );
      expect(escrowed).toEqual({ available: '0', locked: '0' });
      // Available funds moved by the batch writer: no read, the constraints refuse.
      const batched = await spendAllAtOnce('available', (payer, payee) =>
        inTransaction(pool, (sql) => applyBatch(sql, [spotMove(payer, '-10'), spotMove(payee, '10')])),
      );
      expect(batched).toEqual({ available: '0', locked: '0' });
    } finally {
      await pool.end();
    }
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('records what each movement is for (its reference and memo) on its log row, in every writer', async () => {
    const { user, base } = await fundedUser('10');
    const other = await ctx.signedInUser();
    const order = { type: 'spot_order', id: 41 };
    const move = (userId: number, delta: string, extra: Partial<ColumnMovement>): ColumnMovement => ({
      ...availableMove(base)(userId, delta),
      type: LOG_TYPES.SPOT_TRADE,
      ...extra,
    });
    // One wallet row (one statement), several rows (locked and read first), and the batch writer.
    await ctx.prisma.$transaction(async (tx) => {
      await lock(tx, {
        ...base,
        type: LOG_TYPES.SPOT_TRADE,
        amount: new Money('1'),
        ref: order,
        memo: 'placed',
      });
      await payLocked(
        tx,
        { ...base, type: LOG_TYPES.SPOT_TRADE, amount: new Money('1'), ref: { type: 'p2p_order', id: '7' } },
        { userId: other.id, type: LOG_TYPES.SPOT_TRADE },
      );
      // Without a reference or memo: logged empty.
      await lock(tx, { ...base, type: LOG_TYPES.SPOT_TRADE, amount: new Money('2') });
      await unlock(tx, { ...base, type: LOG_TYPES.SPOT_TRADE, amount: new Money('2') });
    });
    const pool = createPool(ctx.databaseUrl, 1);
    try {
      await inTransaction(pool, (sql) =>
        applyBatch(sql, [move(other.id, '-1', { ref: order, memo: 'filled' }), move(user.id, '1', {})]),
      );
    } finally {
      await pool.end();
    }
    const logs = await ctx.prisma.accountLog.findMany({
      where: { user_id: { in: [user.id, other.id] }, type: LOG_TYPES.SPOT_TRADE },
      orderBy: { id: 'asc' },
    });
    expect(
      logs.map((log) => [log.user_id, log.is_lock, log.delta.toFixed(), log.ref_type, log.ref_id, log.memo]),
    ).toEqual([
      [user.id, false, '-1', 'spot_order', '41', 'placed'],
      [user.id, true, '1', 'spot_order', '41', 'placed'],
      [user.id, true, '-1', 'p2p_order', '7', ''],
      [other.id, false, '1', 'p2p_order', '7', ''],
      [user.id, false, '-2', '', '', ''],
      [user.id, true, '2', '', '', ''],
      [user.id, true, '-2', '', '', ''],
      [user.id, false, '2', '', '', ''],
      [other.id, false, '-1', 'spot_order', '41', 'filled'],
      [user.id, false, '1', '', '', ''],
    ]);
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('books house entries with what they are for, exactly, whether decimal or scaled', async () => {
    const entries = () =>
      ctx.prisma.houseEntry.findMany({
        where: { currency_id: usdt, type: LOG_TYPES.SPOT_FEE },
        orderBy: { id: 'asc' },
      });
    const pool = createPool(ctx.databaseUrl, 1);
    try {
      await inTransaction(pool, async (sql) => {
        await bookHouse(sql, {
          currencyId: usdt,
          account: 'fees',
          amount: new Money('0.000000000000000001'),
          type: LOG_TYPES.SPOT_FEE,
          ref: { type: 'spot_trade', id: 9 },
        });
        // The matcher's fees: scaled amounts (one unit is 10^-18), zeros skipped. They net to nothing, so the
        // books still balance.
        await bookScaledHouse(sql, [
          { currencyId: usdt, account: 'fees', amount: 0n, type: LOG_TYPES.SPOT_FEE },
          {
            currencyId: usdt,
            account: 'market_maker',
            amount: 1_500_000_000_000_000_001n,
            type: LOG_TYPES.SPOT_FEE,
          },
          {
            currencyId: usdt,
            account: 'fees',
            amount: -1n,
            type: LOG_TYPES.SPOT_FEE,
            ref: { type: 'spot_trade', id: '10' },
          },
          {
            currencyId: usdt,
            account: 'market_maker',
            amount: -1_500_000_000_000_000_001n,
            type: LOG_TYPES.SPOT_FEE,
          },
        ]);
        await bookScaledHouse(sql, [
          { currencyId: usdt, account: 'fees', amount: 0n, type: LOG_TYPES.SPOT_FEE },
        ]);
      });
    } finally {
      await pool.end();
    }
    expect(
      (await entries()).map((entry) => [entry.account, entry.delta.toFixed(), entry.ref_type, entry.ref_id]),
    ).toEqual([
      ['fees', '0.000000000000000001', 'spot_trade', '9'],
      ['market_maker', '1.500000000000000001', '', ''],
      ['fees', '-0.000000000000000001', 'spot_trade', '10'],
      ['market_maker', '-1.500000000000000001', '', ''],
    ]);
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('opens only the wallet rows that are missing: a write to rows that exist takes no wallet id', async () => {
    const { user, base } = await fundedUser('10');
    const other = await ctx.signedInUser();
    const move = availableMove(base);
    const lastWalletId = async () => {
      const [row] = await ctx.prisma.$queryRawUnsafe<{ last: bigint }[]>(
        'SELECT last_value AS last FROM wallets_id_seq',
      );
      return Number(row?.last);
    };
    const before = await lastWalletId();
    const pool = createPool(ctx.databaseUrl, 1);
    try {
      await ctx.prisma.$transaction((tx) => applyMovements(tx, [move(user.id, '-1'), move(other.id, '1')]));
      await inTransaction(pool, (sql) => applyBatch(sql, [move(other.id, '-1'), move(user.id, '1')]));
      expect(await lastWalletId()).toBe(before);
      // A currency listed since: its one missing row takes one id, in either writer, the rows that exist none.
      const listed = await ctx.prisma.currency.create({ data: { name: 'IDSC', full_name: 'Id coin' } });
      await ctx.deposit(user.account, 'IDSC', '2');
      const opened = await lastWalletId();
      await ctx.prisma.$transaction((tx) =>
        applyMovements(tx, [
          { ...move(user.id, '-1'), currencyId: listed.id },
          { ...move(other.id, '1'), currencyId: listed.id },
          move(user.id, '-1'),
          move(other.id, '1'),
        ]),
      );
      expect(await lastWalletId()).toBe(opened + 1);
      const third = (await bareUsers(1))[0] as { id: number };
      await inTransaction(pool, (sql) =>
        applyBatch(sql, [
          { ...move(other.id, '-1'), currencyId: listed.id },
          { ...move(third.id, '1'), currencyId: listed.id },
          move(other.id, '-1'),
          move(user.id, '1'),
        ]),
      );
      expect(await lastWalletId()).toBe(opened + 2);
    } finally {
      await pool.end();
    }
  });

  it('reads what wallets hold available in one account, exactly, without the locked column or other accounts', async () => {
    const { user, base } = await fundedUser('10');
    const other = await ctx.signedInUser();
    const nobody = (await bareUsers(1))[0] as { id: number };
    await ctx.prisma.$transaction(async (tx) => {
      await lock(tx, { ...base, amount: new Money('3') });
      await transferBetweenAccounts(tx, {
        userId: user.id,
        currencyId: usdt,
        from: 'change',
        to: 'lever',
        amount: new Money('1.999999999999999999'),
        outType: LOG_TYPES.CHANGE_TRANSFER_OUT,
        inType: LOG_TYPES.LEVER_MICRO_TRANSFER_IN,
      });
    });
    const keys = [user, other, nobody].map((holder) => ({ userId: holder.id, currencyId: usdt }));
    const spot = await readScaledAvailable(prismaSql(ctx.prisma), 'change', keys);
    // The user's 5.000000000000000001 left on spot, the other's empty wallet; no wallet, no entry.
    expect(spot).toEqual(
      new Map([
        [`${user.id}:${usdt}`, 5_000_000_000_000_000_001n],
        [`${other.id}:${usdt}`, 0n],
      ]),
    );
    expect(await readScaledAvailable(prismaSql(ctx.prisma), 'lever', keys.slice(0, 1))).toEqual(
      new Map([[`${user.id}:${usdt}`, 1_999_999_999_999_999_999n]]),
    );
    expect(await readScaledAvailable(prismaSql(ctx.prisma), 'change', [])).toEqual(new Map());
    await ctx.prisma.$transaction((tx) => unlock(tx, { ...base, amount: new Money('3') }));
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('refuses amounts that are not a positive finite number, and a transfer from an account to itself', async () => {
    const { user, base } = await fundedUser('5');
    for (const amount of [
      new Money(NaN),
      new Money(Infinity),
      new Money(-Infinity),
      new Money(0),
      new Money('-0.1'),
    ])
      for (const operation of [credit, debit, lock, unlock, settleLocked])
        await expect(ctx.prisma.$transaction((tx) => operation(tx, { ...base, amount }))).rejects.toThrow(
          `ledger amounts must be positive, got ${amount.toString()}`,
        );
    await expect(
      ctx.prisma.$transaction((tx) =>
        transferBetweenAccounts(tx, {
          userId: user.id,
          currencyId: usdt,
          from: 'lever',
          to: 'lever',
          amount: new Money('1'),
          outType: LOG_TYPES.CHANGE_TRANSFER_OUT,
          inType: LOG_TYPES.LEVER_MICRO_TRANSFER_IN,
        }),
      ),
    ).rejects.toThrow('a transfer needs two different accounts');
    expect(await ctx.prisma.accountLog.count({ where: { user_id: user.id } })).toBe(1);
  });

  it('opens a wallet row only for a credit: a refused debit or lock in a currency the user never held opens none', async () => {
    const { user, base } = await fundedUser('5');
    const listed = await ctx.prisma.currency.create({ data: { name: 'NONE', full_name: 'Never held' } });
    const pool = createPool(ctx.databaseUrl, 1);
    try {
      // The caller goes on after the refusal and commits: the refusal must have written nothing.
      await inTransaction(pool, async (sql) => {
        for (const operation of [debit, lock])
          await expect(
            operation(sql, { ...base, currencyId: listed.id, amount: new Money('1') }),
          ).rejects.toEqual(new AppError('balance_insufficient'));
      });
    } finally {
      await pool.end();
    }
    expect(await ctx.prisma.wallet.count({ where: { user_id: user.id, currency_id: listed.id } })).toBe(0);
  });

  it("reads a house account's balance under a lock: a second payer of the same account waits for the first one's payment", async () => {
    const btc = await ctx.currencyId('BTC');
    const entry = (account: HouseAccount, currencyId: number, amount: string) => ({
      currencyId,
      account,
      amount: new Money(amount),
      type: LOG_TYPES.ADMIN_ADJUST,
    });
    await ctx.prisma.$transaction((tx) =>
      bookHouse(tx, [
        entry('partner_pool', usdt, '7'),
        entry('partner_pool', btc, '1'),
        entry('savings_pool', usdt, '2'),
      ]),
    );
    const pool = createPool(ctx.databaseUrl, 3);
    // A payer that would wait for a lock fails at once instead: only the one that must wait is let wait.
    const withoutWaiting = <T>(work: (sql: Sql) => Promise<T>) =>
      inTransaction(pool, async (sql) => {
        await sql.execute("SET LOCAL lock_timeout = '100ms'");
        return work(sql);
      });
    try {
      let second: Promise<string> | undefined;
      await inTransaction(pool, async (sql) => {
        expect((await lockHouseBalance(sql, 'partner_pool', usdt)).toFixed()).toBe('7');
        // The same account in another currency, and another account: each its own lock and its own sum.
        expect(
          (await withoutWaiting((other) => lockHouseBalance(other, 'partner_pool', btc))).toFixed(),
        ).toBe('1');
        expect(
          (await withoutWaiting((other) => lockHouseBalance(other, 'savings_pool', usdt))).toFixed(),
        ).toBe('2');
        expect((await withoutWaiting((other) => lockHouseBalance(other, 'fees', btc))).toFixed()).toBe('0');
        // The same account and currency: the second payer waits ...
        second = inTransaction(pool, async (other) =>
          (await lockHouseBalance(other, 'partner_pool', usdt)).toFixed(),
        );
        second.catch(() => undefined);
        await vi.waitFor(
          async () => {
            const [row] = await ctx.prisma.$queryRawUnsafe<{ waiting: number }[]>(
              `SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE datname = current_database() AND wait_event = 'advisory'`,
            );
            expect(row?.waiting).toBe(1);
          },
          { timeout: 10_000, interval: 20 },
        );
        // ... until the first has paid out of it and committed: it then reads what is left.
        await bookHouse(sql, entry('partner_pool', usdt, '-5'));
      });
      expect(await second).toBe('2');
    } finally {
      await pool.end();
    }
    await ctx.prisma.$transaction((tx) =>
      bookHouse(tx, [
        entry('partner_pool', usdt, '-2'),
        entry('partner_pool', btc, '-1'),
        entry('savings_pool', usdt, '-2'),
      ]),
    );
    expect((await ctx.audit()).problems).toEqual([]);
  });
});
