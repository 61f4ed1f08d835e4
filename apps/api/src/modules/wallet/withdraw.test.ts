import { beforeAll, describe, expect, it } from 'vitest';
import { useTestContext } from '../../../../../test/harness';
import { opsCompleteWithdrawal, opsRejectWithdrawal, pendingWithdrawals } from '../../ops/wallet';
import { writeSetting } from '../system';

const ctx = useTestContext();
let usdt: number;
let eth: number;
beforeAll(async () => {
  [usdt, eth] = await ctx.currencyIds('USDT', 'ETH');
});

const TRON_ADDRESS = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';
const ETH_ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';

async function spot(userId: number, currencyId: number) {
  const { available, locked } = await ctx.balance(userId, currencyId);
  return [available, locked];
}

describe('withdrawals', () => {
  it('quotes the fee and what arrives', async () => {
    const user = await ctx.signedInUser();
    const quote = await ctx.post('/api/wallet/calculat_fee', { currency: usdt, number: '25.5' }, user.token);
    expect(quote.body).toEqual({ type: 'ok', message: { rate: '1', real_number: '24.5' } });
    expect(
      (await ctx.post('/api/wallet/calculat_fee', { currency: usdt, number: '5' }, user.token)).body.message,
    ).toBe('The minimum withdrawal is 10 USDT');
  });

  it('locks the amount, then an operator completes it: the fee goes to the house and the audit balances', async () => {
    const user = await ctx.signedInUser({ tradePassword: '246810' });
    await ctx.deposit(user.account, 'USDT', '100');
    const out = await ctx.post(
      '/api/wallet/out',
      { currency: usdt, number: '40', address: TRON_ADDRESS, rate: '0', pay_password: '246810' },
      user.token,
    );
    expect(out.body).toEqual({ type: 'ok', message: 'Withdrawal submitted, awaiting processing' });
    expect(await spot(user.id, usdt)).toEqual(['60', '40']);
    const log = await ctx.post('/api/wallet/out_log', { currency: usdt }, user.token);
    expect(log.body.message.list[0]).toMatchObject({
      number: '40',
      rate: '1',
      real_number: '39',
      status: 1,
      address: TRON_ADDRESS,
    });
    expect((await ctx.audit()).problems).toEqual([]);

    const [pending] = (await pendingWithdrawals(ctx.prisma)).filter((row) => row.account === user.account);
    expect(pending).toMatchObject({ currency: 'USDT', number: '40', real_number: '39' });
    const done = await opsCompleteWithdrawal(ctx.prisma, pending?.id ?? 0, '0xabc');
    expect(done).toEqual({ id: pending?.id, status: 2, txid: '0xabc' });
    expect(await spot(user.id, usdt)).toEqual(['60', '0']);
    await expect(opsCompleteWithdrawal(ctx.prisma, pending?.id ?? 0, '0xabc')).rejects.toThrow(/not waiting/);
    await expect(opsRejectWithdrawal(ctx.prisma, pending?.id ?? 0, 'late')).rejects.toThrow(/not waiting/);
    const fees = await ctx.prisma.houseEntry.aggregate({
      where: { currency_id: usdt, account: 'fees' },
      _sum: { delta: true },
    });
    expect(fees._sum.delta?.toFixed()).toBe('1');
    const report = await ctx.audit();
    expect(report.problems).toEqual([]);
    expect(
      (await ctx.post('/api/wallet/out_log', { currency: usdt }, user.token)).body.message.list[0],
    ).toMatchObject({ status: 2, txid: '0xabc' });
  });

  it('refunds a rejected withdrawal', async () => {
    const user = await ctx.signedInUser({ tradePassword: '246810' });
    await ctx.deposit(user.account, 'ETH', '1');
    await ctx.post(
      '/api/wallet/out',
      { currency: eth, number: '0.5', address: ETH_ADDRESS, pay_password: '246810' },
      user.token,
    );
    const withdrawal = await ctx.prisma.withdrawal.findFirstOrThrow({ where: { user_id: user.id } });
    expect(await opsRejectWithdrawal(ctx.prisma, withdrawal.id, 'address on a sanctions list')).toEqual({
      id: withdrawal.id,
      status: 3,
      notes: 'address on a sanctions list',
    });
    expect(await spot(user.id, eth)).toEqual(['1', '0']);
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('gates on the setting, the trade password, the address, the limits and the balance, changing nothing', async () => {
    const noPassword = await ctx.signedInUser();
    await ctx.deposit(noPassword.account, 'USDT', '50');
    const request = { currency: usdt, number: '20', address: TRON_ADDRESS, pay_password: '246810' };
    expect((await ctx.post('/api/wallet/out', request, noPassword.token)).body).toEqual({
      type: 'not',
      message: 'Please set a trade password first',
    });

    const user = await ctx.signedInUser({ tradePassword: '246810' });
    await ctx.deposit(user.account, 'USDT', '50');
    const cases: [Record<string, string | number>, string][] = [
      [{ pay_password: '' }, 'Please enter the trade password'],
      [{ pay_password: '111111' }, 'The trade password is incorrect'],
      [{ address: '' }, 'Please enter the address'],
      [{ address: ETH_ADDRESS }, 'This is not a valid USDT address'],
      [{ number: '9.99' }, 'The minimum withdrawal is 10 USDT'],
      [{ number: '-20' }, 'The amount must be greater than 0'],
      [{ number: '0' }, 'The amount must be greater than 0'],
      [{ number: '20.0000001' }, 'The amount can have at most 6 decimal places'],
      [{ number: '50.000001' }, 'Insufficient balance'],
      [{ currency: 424242 }, 'This currency does not exist'],
    ];
    for (const [change, message] of cases) {
      expect(
        (await ctx.post('/api/wallet/out', { ...request, ...change }, user.token)).body,
        JSON.stringify(change),
      ).toEqual({
        type: 'error',
        message,
      });
    }
    await writeSetting(ctx.prisma, 'is_open_CTbi', '0');
    try {
      expect((await ctx.post('/api/wallet/out', request, user.token)).body.message).toBe(
        'Deposits and withdrawals are not open yet',
      );
    } finally {
      await writeSetting(ctx.prisma, 'is_open_CTbi', '1');
    }
    expect(await spot(user.id, usdt)).toEqual(['50', '0']);
    expect(await ctx.prisma.withdrawal.count({ where: { user_id: { in: [user.id, noPassword.id] } } })).toBe(
      0,
    );
  });

  it('lets exactly one of twenty concurrent withdrawals of the whole balance through', async () => {
    const user = await ctx.signedInUser({ tradePassword: '246810' });
    await ctx.deposit(user.account, 'USDT', '30');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        ctx.post(
          '/api/wallet/out',
          { currency: usdt, number: '30', address: TRON_ADDRESS, pay_password: '246810' },
          user.token,
        ),
      ),
    );
    expect(answers.filter((answer) => answer.body.type === 'ok')).toHaveLength(1);
    expect(await spot(user.id, usdt)).toEqual(['0', '30']);
    expect(await ctx.prisma.withdrawal.count({ where: { user_id: user.id } })).toBe(1);
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('pays out to the bound bank card through the payment channel', async () => {
    const user = await ctx.signedInUser({ tradePassword: '246810' });
    await ctx.deposit(user.account, 'USDT', '100');
    const request = { currency: usdt, number: '20', pay_password: '246810' };
    expect((await ctx.post('/api/wallet/out_pay', request, user.token)).body.message).toBe(
      'Please bind a bank card first',
    );
    await ctx.post(
      '/api/user/add_bank',
      { receive_name: 'Budi', receive_account: '1234567890', bank_code: 'BRI' },
      user.token,
    );
    expect((await ctx.post('/api/wallet/out_pay', request, user.token)).body.type).toBe('ok');
    const withdrawal = await ctx.prisma.withdrawal.findFirstOrThrow({ where: { user_id: user.id } });
    expect(withdrawal).toMatchObject({ channel: 'payment', address: 'BRI:1234567890', status: 1 });
    expect(await spot(user.id, usdt)).toEqual(['80', '20']);
    expect((await ctx.audit()).problems).toEqual([]);

    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        ctx.post('/api/wallet/out_pay', { ...request, number: '80' }, user.token),
      ),
    );
    expect(answers.filter((answer) => answer.body.type === 'ok')).toHaveLength(1);
    expect(await spot(user.id, usdt)).toEqual(['0', '100']);
    expect((await ctx.audit()).problems).toEqual([]);
  });
});

describe('someone else’s records', () => {
  it('never shows another user’s withdrawals or transfers, whatever id or user_id the request names', async () => {
    const owner = await ctx.signedInUser({ tradePassword: '246810' });
    const snoop = await ctx.signedInUser();
    await ctx.deposit(owner.account, 'USDT', '100');
    const out = await ctx.post(
      '/api/wallet/out',
      { currency: usdt, number: '20', address: TRON_ADDRESS, pay_password: '246810' },
      owner.token,
    );
    expect(out.body.type).toBe('ok');
    const moved = await ctx.post(
      '/api/wallet/change',
      { currency_id: usdt, number: '5', from_field: 'change', to_field: 'lever' },
      owner.token,
    );
    expect(moved.body.type).toBe('ok');
    const withdrawal = await ctx.prisma.withdrawal.findFirstOrThrow({ where: { user_id: owner.id } });

    // The owner sees both; the other user, naming the owner's ids every way the contract carries one, none.
    expect((await ctx.post('/api/wallet/out_log', { type: 'sell' }, owner.token)).body.message.count).toBe(1);
    const named: Record<string, string | number>[] = [
      { type: 'sell', id: withdrawal.id },
      { type: 'sell', user_id: owner.id },
      { type: 'sell', currency: usdt, id: withdrawal.id, user_id: owner.id },
    ];
    for (const body of named) {
      const answer = await ctx.post('/api/wallet/out_log', body, snoop.token);
      expect(answer.body, JSON.stringify(body)).toMatchObject({
        type: 'ok',
        message: { list: [], count: 0 },
      });
    }
    expect((await ctx.get('/api/wallet/hzhistory', owner.token)).body.message.total).toBe(1);
    const history = await ctx.get(`/api/wallet/hzhistory?user_id=${owner.id}`, snoop.token);
    expect(history.body.message).toMatchObject({ total: 0, data: [] });
    const detail = await ctx.post(
      '/api/wallet/detail',
      { currency: usdt, type: 'change', user_id: owner.id },
      snoop.token,
    );
    expect(detail.body.message).toMatchObject({
      change_balance: '0.00000000',
      lock_change_balance: '0.00000000',
    });
    expect(await spot(owner.id, usdt)).toEqual(['75', '20']);
    expect((await ctx.audit()).problems).toEqual([]);
  });
});
