import { describe, expect, it } from 'vitest';
import { AppError } from '@exchange/kernel/errors';
import { Money } from '@exchange/kernel/ledger';
import { useTestContext } from '../../../../../test/harness';
import { fundHousePool } from './house-funding';
import { transferFunds } from './transfer';

const ctx = useTestContext();

const houseBalance = async (pool: string) => {
  const [row] = await ctx.prisma.$queryRaw<{ total: string }[]>`
    SELECT trim_scale(COALESCE(SUM(delta), 0))::text AS total FROM house_entries WHERE account = ${pool}`;
  return row?.total;
};

describe('house pools', () => {
  it('are funded through a treasury deposit, once per reference, and the books still balance', async () => {
    await ctx.fundHouse('lever_pool', 'USDT', '2500');
    const usdt = await ctx.currencyId('USDT');
    const funding = {
      pool: 'lever_pool' as const,
      currencyId: usdt,
      amount: new Money('100'),
      externalId: 'r1',
    };
    expect(await fundHousePool(ctx.prisma, funding)).toEqual({ funded: true });
    expect(await fundHousePool(ctx.prisma, funding)).toEqual({ funded: false });
    expect(await houseBalance('lever_pool')).toBe('2600');
    const report = await ctx.audit();
    expect(report.problems).toEqual([]);
    expect(report.currencies.find((row) => row.currency === 'USDT')).toMatchObject({
      house: '2600',
      deposits: '2600',
    });
  });
});

describe('transfer guards', () => {
  it('run inside the transfer, and a refusal moves nothing', async () => {
    const user = await ctx.signedInUser();
    await ctx.deposit(user.account, 'USDT', '50');
    const currency = await ctx.prisma.currency.findUniqueOrThrow({ where: { name: 'USDT' } });
    const move = {
      userId: user.id,
      currency,
      from: 'change' as const,
      to: 'lever' as const,
      amount: new Money('20'),
    };
    const refuse = () =>
      Promise.reject(new AppError('transfer_not_supported', { currency: 'USDT', account: 'x' }));
    await expect(transferFunds(ctx.prisma, move, [refuse])).rejects.toBeInstanceOf(AppError);
    const untouched = await ctx.wallet(user.id, currency.id);
    expect([untouched.change_balance.toFixed(), untouched.lever_balance.toFixed()]).toEqual(['50', '0']);

    // A guard sees the transaction the transfer writes in, with the wallet row already locked.
    let lockedByTransfer = false;
    await transferFunds(ctx.prisma, move, [
      async (tx) => {
        const [row] = await tx.$queryRaw<{ locked: boolean }[]>`
          SELECT EXISTS (SELECT 1 FROM pg_locks WHERE locktype = 'transactionid' AND pid = pg_backend_pid()) AS locked`;
        lockedByTransfer = row?.locked ?? false;
      },
    ]);
    expect(lockedByTransfer).toBe(true);
    const moved = await ctx.wallet(user.id, currency.id);
    expect([moved.change_balance.toFixed(), moved.lever_balance.toFixed()]).toEqual(['30', '20']);
    expect((await ctx.audit()).problems).toEqual([]);
  });
});
