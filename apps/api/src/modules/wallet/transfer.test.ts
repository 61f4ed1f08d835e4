import { beforeAll, describe, expect, it } from 'vitest';
import { useTestContext } from '../../../../../test/harness';

const ctx = useTestContext();
let usdt: number;
let eth: number;
beforeAll(async () => {
  [usdt, eth] = await ctx.currencyIds('USDT', 'ETH');
});

async function balances(userId: number, currencyId: number) {
  const row = await ctx.wallet(userId, currencyId);
  return {
    change: row.change_balance.toFixed(),
    legal: row.legal_balance.toFixed(),
    lever: row.lever_balance.toFixed(),
    micro: row.micro_balance.toFixed(),
  };
}

describe('POST /api/wallet/change', () => {
  it('moves funds between any two accounts the currency allows', async () => {
    const user = await ctx.signedInUser();
    await ctx.deposit(user.account, 'USDT', '100');
    const move = (from_field: string, to_field: string, number: string) =>
      ctx.post('/api/wallet/change', { currency_id: usdt, number, from_field, to_field }, user.token);
    expect((await move('change', 'legal', '40')).body).toEqual({
      type: 'ok',
      message: 'Transfer successful',
    });
    expect((await move('legal', 'lever', '15.5')).body.type).toBe('ok');
    expect((await move('lever', 'micro', '0.5')).body.type).toBe('ok');
    expect((await move('micro', 'change', '0.25')).body.type).toBe('ok');
    expect(await balances(user.id, usdt)).toEqual({
      change: '60.25',
      legal: '24.5',
      lever: '15',
      micro: '0.25',
    });

    // The older client's numbered directions: 1 legal→change, 2 change→legal, 3 change→lever, 4 lever→change.
    expect(
      (await ctx.post('/api/wallet/change', { currency_id: usdt, number: '5', type: 4 }, user.token)).body
        .type,
    ).toBe('ok');
    expect((await balances(user.id, usdt)).lever).toBe('10');
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('refuses an account the currency cannot be held in, and the same account twice', async () => {
    const user = await ctx.signedInUser();
    await ctx.deposit(user.account, 'ETH', '2');
    const answer = await ctx.post(
      '/api/wallet/change',
      { currency_id: eth, number: '1', from_field: 'change', to_field: 'legal' },
      user.token,
    );
    expect(answer.body).toEqual({ type: 'error', message: 'ETH cannot be held in the fiat account' });
    const chinese = await ctx.http
      .post('/api/wallet/change')
      .set({ Authorization: user.token, lang: 'zh' })
      .type('form')
      .send({ currency_id: eth, number: '1', from_field: 'change', to_field: 'legal' });
    expect(chinese.body.message).toBe('ETH 不能存入法币账户');
    const same = await ctx.post(
      '/api/wallet/change',
      { currency_id: eth, number: '1', from_field: 'change', to_field: 'change' },
      user.token,
    );
    expect(same.body.message).toBe('Please choose two different accounts');
    const unknown = await ctx.post(
      '/api/wallet/change',
      { currency_id: eth, number: '1', from_field: 'change', to_field: 'savings' },
      user.token,
    );
    expect(unknown.body.message).toBe('Unknown account type');
    expect(await balances(user.id, eth)).toEqual({ change: '2', legal: '0', lever: '0', micro: '0' });
  });

  it('gives every bad amount a clear message and changes nothing', async () => {
    const user = await ctx.signedInUser();
    await ctx.deposit(user.account, 'USDT', '10');
    const cases: [string | undefined, string][] = [
      [undefined, 'Please enter an amount'],
      ['', 'Please enter an amount'],
      ['-5', 'The amount must be greater than 0'],
      ['+5', 'The amount must be a plain number'],
      ['0', 'The amount must be greater than 0'],
      ['0.000000', 'The amount must be greater than 0'],
      ['NaN', 'The amount must be a plain number'],
      ['1e1', 'The amount must be a plain number'],
      ['abc', 'The amount must be a plain number'],
      ['1.0000001', 'The amount can have at most 6 decimal places'],
      ['10.000001', 'Insufficient balance'],
      ['999999999999999999999999', 'The amount is too large'],
    ];
    for (const [number, message] of cases) {
      const body: Record<string, string | number> = {
        currency_id: usdt,
        from_field: 'change',
        to_field: 'legal',
      };
      if (number !== undefined) body.number = number;
      expect((await ctx.post('/api/wallet/change', body, user.token)).body, String(number)).toEqual({
        type: 'error',
        message,
      });
    }
    const noCurrency = await ctx.post(
      '/api/wallet/change',
      { currency_id: 99999, number: '1', from_field: 'change', to_field: 'legal' },
      user.token,
    );
    expect(noCurrency.body.message).toBe('This currency does not exist');
    expect(await balances(user.id, usdt)).toEqual({ change: '10', legal: '0', lever: '0', micro: '0' });
    expect(await ctx.prisma.accountLog.count({ where: { user_id: user.id } })).toBe(1);
    expect(
      (
        await ctx.post('/api/wallet/change', {
          currency_id: usdt,
          number: '1',
          from_field: 'change',
          to_field: 'legal',
        })
      ).body.type,
    ).toBe('999');
  });

  it('refuses unknown accounts and coins, and more than the source account holds, changing nothing', async () => {
    const user = await ctx.signedInUser();
    await ctx.deposit(user.account, 'USDT', '10');
    await ctx.post(
      '/api/wallet/change',
      { currency_id: usdt, number: '4', from_field: 'change', to_field: 'lever' },
      user.token,
    );
    const before = await balances(user.id, usdt);
    const logsBefore = await ctx.prisma.accountLog.count({ where: { user_id: user.id } });
    const cases: [Record<string, string | number>, string][] = [
      [{ currency_id: usdt, number: '1', from_field: 'savings', to_field: 'change' }, 'Unknown account type'],
      [{ currency_id: usdt, number: '1', from_field: '', to_field: 'change' }, 'Unknown account type'],
      [{ currency_id: usdt, number: '1' }, 'Unknown account type'],
      [{ currency_id: usdt, number: '1', type: '9' }, 'Unknown account type'],
      [
        { currency_id: 'NOPE', number: '1', from_field: 'change', to_field: 'legal' },
        'This currency does not exist',
      ],
      [{ number: '1', from_field: 'change', to_field: 'legal' }, 'This currency does not exist'],
      [
        { currency_id: usdt, number: '4.000001', from_field: 'lever', to_field: 'micro' },
        'Insufficient balance',
      ],
      [{ currency_id: usdt, number: '0.5', from_field: 'micro', to_field: 'change' }, 'Insufficient balance'],
      [{ currency_id: usdt, number: '0.5', from_field: 'legal', to_field: 'lever' }, 'Insufficient balance'],
      [
        { currency_id: usdt, number: '-1', from_field: 'lever', to_field: 'change' },
        'The amount must be greater than 0',
      ],
    ];
    for (const [body, message] of cases) {
      expect((await ctx.post('/api/wallet/change', body, user.token)).body, JSON.stringify(body)).toEqual({
        type: 'error',
        message,
      });
    }
    // The same refusals in the reader's language.
    const chinese = (body: Record<string, string | number>) =>
      ctx.http
        .post('/api/wallet/change')
        .set({ Authorization: user.token, lang: 'zh' })
        .type('form')
        .send(body);
    for (const body of [
      { currency_id: usdt, number: '0', from_field: 'change', to_field: 'legal' },
      { currency_id: usdt, number: '1.0000001', from_field: 'change', to_field: 'legal' },
      { currency_id: usdt, number: '99', from_field: 'change', to_field: 'legal' },
      { currency_id: usdt, number: '1', from_field: 'change', to_field: 'savings' },
    ]) {
      const answer = await chinese(body);
      expect(answer.body.type).toBe('error');
      expect(answer.body.message, JSON.stringify(body)).toMatch(/[\u4e00-\u9fff]/);
    }
    const after = await ctx.wallet(user.id, usdt);
    expect(await balances(user.id, usdt)).toEqual(before);
    expect(
      [
        after.lock_change_balance,
        after.lock_legal_balance,
        after.lock_lever_balance,
        after.lock_micro_balance,
      ].map((value) => value.toFixed()),
    ).toEqual(['0', '0', '0', '0']);
    expect(await ctx.prisma.accountLog.count({ where: { user_id: user.id } })).toBe(logsBefore);
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('lets exactly one of twenty concurrent transfers of the whole balance through', async () => {
    const user = await ctx.signedInUser();
    await ctx.deposit(user.account, 'USDT', '77.7');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        ctx.post(
          '/api/wallet/change',
          {
            currency_id: usdt,
            number: '77.7',
            from_field: 'change',
            to_field: index % 2 === 0 ? 'legal' : 'micro',
          },
          user.token,
        ),
      ),
    );
    const types = answers.map((answer) => answer.body.type);
    expect(types.filter((type) => type === 'ok')).toHaveLength(1);
    expect(answers.filter((answer) => answer.body.message === 'Insufficient balance')).toHaveLength(19);
    const after = await balances(user.id, usdt);
    expect(after.change).toBe('0');
    expect(new Set([after.legal, after.micro])).toEqual(new Set(['77.7', '0']));
    expect((await ctx.audit()).problems).toEqual([]);
  });
});
