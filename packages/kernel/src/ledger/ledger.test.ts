import { beforeAll, describe, expect, it } from 'vitest';
import { useTestContext } from '../../../../test/harness';
import { AppError } from '../errors';
import { credit, debit, lock, settleLocked, transferBetweenAccounts, unlock } from './ledger';
import { applyBatchMovements, bookHouse, type ColumnMovement } from './writer';
import { createPool, inTransaction } from '../db/sql';
import { LOG_TYPES } from './log-types';
import { Money } from './money';

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
        applyBatchMovements(sql, [
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
          applyBatchMovements(sql, [move(listed.id, false, '5'), move(usdt, false, '-76')]),
        ),
      ).rejects.toMatchObject({ key: 'balance_insufficient' });
      expect((await wallet(user.id)).change_balance.toFixed()).toBe('75');
      expect(
        await ctx.prisma.accountLog.count({ where: { user_id: user.id, type: LOG_TYPES.SPOT_TRADE } }),
      ).toBe(5);
      // Undone, so the books balance again (the batch above moved money no order or deposit accounts for).
      await inTransaction(pool, (sql) =>
        applyBatchMovements(sql, [
          move(listed.id, false, '-2'),
          move(usdt, true, '-25'),
          move(usdt, false, '25'),
        ]),
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
});
