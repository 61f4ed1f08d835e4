import { describe, expect, it } from 'vitest';
import { useTestContext } from '../../../../test/harness';
import { auditLedger, type AreaAudit } from './audit';
import { bookHouse } from './writer';
import { lock, settleLocked, transferBetweenAccounts, unlock } from './ledger';
import { LOG_TYPES } from './log-types';
import { Money } from './money';

/**
 * The audit proves the books balance; each test breaks them in one of the ways it claims to find, behind the
 * ledger's back (as a bug or a hand-edited row would), and expects exactly that problem named.
 */
const ctx = useTestContext();

/** A currency of the test's own, so its totals hold only what the test put there. */
async function freshCurrency(name: string) {
  return ctx.prisma.currency.create({ data: { name, full_name: `${name} coin` } });
}

/** The audit's problems with no area's holders or checks: only the ledger's own rules. */
const ledgerProblems = async (areas: AreaAudit[] = []) => (await auditLedger(ctx.prisma, areas)).problems;

describe('ledger audit', () => {
  it('counts confirmed deposits in and completed withdrawals out, and every account of every user plus the house', async () => {
    const currency = await freshCurrency('AUDT');
    const user = await ctx.signedInUser();
    await ctx.deposit(user.account, 'AUDT', '10');
    // A deposit still counting confirmations is not money on the exchange yet.
    await ctx.prisma.deposit.create({
      data: {
        user_id: user.id,
        currency_id: currency.id,
        amount: '100',
        source: 'chain',
        external_id: 'x',
        status: 0,
      },
    });
    const base = { userId: user.id, currencyId: currency.id, account: 'change' as const };
    const withdrawal = (status: number) =>
      ctx.prisma.withdrawal.create({
        data: {
          user_id: user.id,
          currency_id: currency.id,
          channel: 'chain',
          address: 'a',
          number: '4',
          rate: '1',
          real_number: '3',
          status,
        },
      });
    await ctx.prisma.$transaction(async (tx) => {
      // Spread over the accounts and columns: spot available and locked, lever.
      await transferBetweenAccounts(tx, {
        ...base,
        from: 'change',
        to: 'lever',
        amount: new Money('2'),
        outType: LOG_TYPES.CHANGE_TRANSFER_OUT,
        inType: LOG_TYPES.LEVER_MICRO_TRANSFER_IN,
      });
      // A withdrawal of 4 completed: 3 left for the chain, 1 stayed as the house's fee.
      await lock(tx, { ...base, amount: new Money('4'), type: LOG_TYPES.WITHDRAW_APPLY });
      await settleLocked(tx, { ...base, amount: new Money('4'), type: LOG_TYPES.WITHDRAW_DONE });
      await bookHouse(tx, {
        currencyId: currency.id,
        account: 'fees',
        amount: new Money('1'),
        type: LOG_TYPES.WITHDRAW_FEE,
      });
      // One still pending (its 1 locked, held by the withdrawal), one that failed (refunded, nothing left).
      await lock(tx, { ...base, amount: new Money('1'), type: LOG_TYPES.WITHDRAW_APPLY });
    });
    const completed = await withdrawal(2);
    await ctx.prisma.withdrawal.create({
      data: {
        user_id: user.id,
        currency_id: currency.id,
        channel: 'chain',
        address: 'a',
        number: '1',
        rate: '0',
        real_number: '1',
        status: 1,
      },
    });
    await withdrawal(3);
    const report = await ctx.audit();
    expect(report.problems).toEqual([]);
    expect(report.ok).toBe(true);
    // Users: 3 spot available, 1 spot locked, 2 lever; the house 1; 10 in, 3 out.
    expect(report.currencies.find((row) => row.currency === 'AUDT')).toEqual({
      currency: 'AUDT',
      users: '6',
      house: '1',
      deposits: '10',
      withdrawals: '3',
    });
    // A completed withdrawal counted as nothing paid out: the books no longer balance.
    const setStatus = (status: number) =>
      ctx.prisma.withdrawal.update({ where: { id: completed.id }, data: { status } });
    await setStatus(3);
    expect(await ledgerProblems([])).toContain('AUDT: balances differ from deposits minus withdrawals by -3');
    await setStatus(2);
    expect((await ctx.audit()).problems).toEqual([]);
    // The pending one refused (its lock returned), so the later tests' audits without areas start clean.
    await ctx.prisma.$transaction(async (tx) => {
      await unlock(tx, { ...base, amount: new Money('1'), type: LOG_TYPES.WITHDRAW_FAILED });
      await tx.withdrawal.updateMany({ where: { currency_id: currency.id, status: 1 }, data: { status: 3 } });
    });
    expect(await ledgerProblems()).toEqual([]);
  });

  it('names every lock that its holders do not hold, either way, summing the holders of every area', async () => {
    const currency = await freshCurrency('LOCK');
    const user = await ctx.signedInUser();
    await ctx.deposit(user.account, 'LOCK', '10');
    const base = { userId: user.id, currencyId: currency.id, type: LOG_TYPES.ADMIN_ADJUST };
    await ctx.prisma.$transaction(async (tx) => {
      await lock(tx, { ...base, account: 'change', amount: new Money('5') });
    });
    const holding = (amount: string, account = 'change') => ({
      name: `holds ${amount}`,
      sql: `SELECT ${user.id} AS user_id, ${currency.id} AS currency_id, '${account}'::text AS account, ${amount}::numeric AS amount`,
    });
    // Two areas whose holders hold 2 and 3 of the 5: backed. An area with checks only adds no holder.
    expect(
      await ledgerProblems([
        { lockHolders: [holding('2')] },
        { checks: [] },
        { lockHolders: [holding('3')] },
      ]),
    ).toEqual([]);
    // With no area naming a holder, the lock is held by nothing.
    expect(await ledgerProblems([])).toEqual([
      `user ${user.id} currency ${currency.id}: change locks 5 but its holders hold 0`,
    ]);
    // Holders that claim more than is locked, and a holder of funds in an account where nothing is locked.
    const overclaimed = await ledgerProblems([
      { lockHolders: [holding('2'), holding('4'), holding('1.5', 'lever')] },
    ]);
    expect(overclaimed.sort()).toEqual([
      `user ${user.id} currency ${currency.id}: change locks 5 but its holders hold 6`,
      `user ${user.id} currency ${currency.id}: lever locks 0 but its holders hold 1.5`,
    ]);
    await ctx.prisma.$transaction((tx) =>
      settleLocked(tx, { ...base, account: 'change', amount: new Money('5') }),
    );
    await ctx.prisma.$transaction((tx) =>
      bookHouse(tx, {
        currencyId: currency.id,
        account: 'fees',
        amount: new Money('5'),
        type: LOG_TYPES.ADMIN_ADJUST,
      }),
    );
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('names a balance column that differs from the sum of its log, available or locked, wallet row or not', async () => {
    const currency = await freshCurrency('LOGS');
    const user = await ctx.signedInUser();
    await ctx.deposit(user.account, 'LOGS', '10');
    // A locked column moved without its log row (the holder claims it, so only the log tells).
    const setColumn = (column: string, value: string) =>
      ctx.prisma.$executeRawUnsafe(
        `UPDATE wallets SET "${column}" = ${value}::numeric WHERE user_id = $1 AND currency_id = $2`,
        user.id,
        currency.id,
      );
    await setColumn('change_balance', '6');
    await setColumn('lock_change_balance', '4');
    const holder = {
      lockHolders: [
        {
          name: 'test',
          sql: `SELECT ${user.id} AS user_id, ${currency.id} AS currency_id, 'change'::text AS account, 4::numeric AS amount`,
        },
      ],
    };
    expect((await ledgerProblems([holder])).sort()).toEqual([
      `user ${user.id} currency ${currency.id}: available change is 6 but its log sums to 10`,
      `user ${user.id} currency ${currency.id}: locked change is 4 but its log sums to 0`,
    ]);
    await setColumn('change_balance', '10');
    await setColumn('lock_change_balance', '0');
    // A log row of a wallet row that does not exist (a user who never held the currency).
    const stranger = await ctx.signedInUser();
    const other = await freshCurrency('GONE');
    await ctx.prisma.accountLog.create({
      data: {
        user_id: stranger.id,
        currency_id: other.id,
        account: 'micro',
        is_lock: true,
        delta: '0.5',
        balance_after: '0.5',
        type: LOG_TYPES.ADMIN_ADJUST,
      },
    });
    expect(await ledgerProblems([])).toEqual([
      `user ${stranger.id} currency ${other.id}: locked micro is 0 but its log sums to 0.5`,
    ]);
    await ctx.prisma.accountLog.deleteMany({ where: { user_id: stranger.id, currency_id: other.id } });
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('names a balance column below zero and a house account below zero', async () => {
    const currency = await freshCurrency('NEGA');
    const user = await ctx.signedInUser();
    // The wallets' CHECK constraint is the guard that keeps columns from going below zero; the audit is the
    // check behind it, so the test takes the guard away in its own database to see the audit find one.
    await ctx.prisma.$executeRawUnsafe('ALTER TABLE wallets DROP CONSTRAINT wallets_no_negative_balance');
    try {
      const changed = await ctx.prisma.$executeRawUnsafe(
        `UPDATE wallets SET lever_balance = -2, lock_micro_balance = -0.25 WHERE user_id = $1 AND currency_id = $2`,
        user.id,
        currency.id,
      );
      expect(changed).toBe(1);
      const problems = await ledgerProblems([]);
      expect(problems).toContain(`user ${user.id} currency ${currency.id}: available lever is -2`);
      expect(problems).toContain(`user ${user.id} currency ${currency.id}: locked micro is -0.25`);
      await ctx.prisma.$executeRawUnsafe(
        `UPDATE wallets SET lever_balance = 0, lock_micro_balance = 0 WHERE user_id = $1 AND currency_id = $2`,
        user.id,
        currency.id,
      );
    } finally {
      await ctx.prisma
        .$executeRawUnsafe(`ALTER TABLE wallets ADD CONSTRAINT wallets_no_negative_balance CHECK (
        change_balance >= 0 AND lock_change_balance >= 0 AND legal_balance >= 0 AND lock_legal_balance >= 0 AND
        lever_balance >= 0 AND lock_lever_balance >= 0 AND micro_balance >= 0 AND lock_micro_balance >= 0)`);
    }
    // A house account paid out more than it holds, though the house as a whole holds enough.
    await ctx.prisma.houseEntry.createMany({
      data: [
        { currency_id: currency.id, account: 'fees', delta: '1', type: LOG_TYPES.ADMIN_ADJUST },
        { currency_id: currency.id, account: 'insurance_fund', delta: '-1', type: LOG_TYPES.ADMIN_ADJUST },
      ],
    });
    expect(await ledgerProblems([])).toEqual([`house insurance_fund of currency ${currency.id} is -1`]);
    await ctx.prisma.houseEntry.deleteMany({ where: { currency_id: currency.id } });
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it("adds every area's own checks, in order, after the ledger's", async () => {
    const currency = await freshCurrency('CHKS');
    await ctx.prisma.houseEntry.create({
      data: { currency_id: currency.id, account: 'fees', delta: '1', type: LOG_TYPES.ADMIN_ADJUST },
    });
    const report = await auditLedger(ctx.prisma, [
      { checks: [() => Promise.resolve(['first area: one']), () => Promise.resolve([])] },
      { lockHolders: [] },
      { checks: [() => Promise.resolve(['second area: two', 'second area: three'])] },
    ]);
    expect(report.problems).toEqual([
      'CHKS: balances differ from deposits minus withdrawals by 1',
      'first area: one',
      'second area: two',
      'second area: three',
    ]);
    expect(report.ok).toBe(false);
    await ctx.prisma.houseEntry.deleteMany({ where: { currency_id: currency.id } });
    // Checks that find nothing leave the report clean.
    const clean = await auditLedger(ctx.prisma, [{ checks: [() => Promise.resolve([])] }]);
    expect([clean.ok, clean.problems]).toEqual([true, []]);
  });
});
