import { describe, expect, it } from 'vitest';
import { useTestContext } from '../../../../../test/harness';
import { assertTradePassword } from './trade-password';

const ctx = useTestContext();

async function tradePasswordCode(token: string, account: string) {
  const sent = await ctx.post('/api/sms_mail', { scene: 'trade_password' }, token);
  expect(sent.body.type).toBe('ok');
  return ctx.latestCode(account);
}

describe('trade password', () => {
  it('is reported unset, then set with a code sent to the own account, then checked', async () => {
    const user = await ctx.signedInUser();
    expect((await ctx.post('/api/safe/judge_password', {}, user.token)).body).toEqual({
      type: 'ok',
      message: { is_set: 0 },
    });
    expect((await ctx.post('/api/safe/judge_password', { password: '123456' }, user.token)).body).toEqual({
      type: 'not',
      message: 'Please set a trade password first',
    });

    const code = await tradePasswordCode(user.token, user.account);
    const set = await ctx.post(
      '/api/safe/trade_password',
      { password: '246810', re_password: '246810', code },
      user.token,
    );
    expect(set.body).toEqual({ type: 'ok', message: 'Trade password set' });
    expect((await ctx.post('/api/safe/judge_password', {}, user.token)).body.message).toEqual({ is_set: 1 });
    expect((await ctx.post('/api/safe/judge_password', { password: '246810' }, user.token)).body.type).toBe(
      'ok',
    );
    expect((await ctx.post('/api/safe/judge_password', { password: '999999' }, user.token)).body).toEqual({
      type: 'error',
      message: 'The trade password is incorrect',
    });
  });

  it('refuses bad input and keeps the old trade password', async () => {
    const user = await ctx.signedInUser({ tradePassword: '135790' });
    const code = await tradePasswordCode(user.token, user.account);
    const cases: [Record<string, string>, string][] = [
      [{ password: '', re_password: '', code }, 'Please enter a password'],
      [{ password: '123', re_password: '123', code }, 'The password must be 6 to 16 characters'],
      [{ password: '123456', re_password: '654321', code }, 'The two passwords do not match'],
      [{ password: '123456', re_password: '123456', code: '' }, 'Please enter the verification code'],
    ];
    for (const [body, message] of cases) {
      expect((await ctx.post('/api/safe/trade_password', body, user.token)).body).toEqual({
        type: 'error',
        message,
      });
    }
    const row = await ctx.prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    await expect(assertTradePassword(ctx.redis, row, '135790')).resolves.toBeUndefined();
  });

  it('locks the check after five wrong trade passwords', async () => {
    const user = await ctx.signedInUser({ tradePassword: '112233' });
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect(
        (await ctx.post('/api/safe/judge_password', { password: '000000' }, user.token)).body.message,
      ).toBe('The trade password is incorrect');
    }
    expect(
      (await ctx.post('/api/safe/judge_password', { password: '112233' }, user.token)).body.message,
    ).toBe('Too many attempts, please try again later');
  });
});

describe('e-mail binding', () => {
  it('binds an e-mail proven by a code, and refuses one bound elsewhere', async () => {
    const user = await ctx.signedInUser();
    await ctx.post('/api/sms_mail', { user_string: 'second@test.exchange', scene: 'binding' }, user.token);
    const code = await ctx.latestCode('second@test.exchange');
    const wrongEmail = await ctx.post('/api/safe/email', { email: 'third@test.exchange', code }, user.token);
    expect(wrongEmail.body.message).toBe('The verification code is incorrect or has expired');
    const bound = await ctx.post('/api/safe/email', { email: 'second@test.exchange', code }, user.token);
    expect(bound.body).toEqual({ type: 'ok', message: 'E-mail bound' });
    expect((await ctx.get('/api/user/info', user.token)).body.message.email).toBe('second@test.exchange');

    const other = await ctx.signedInUser();
    expect(
      (await ctx.post('/api/safe/email', { email: 'not-an-email', code: '123456' }, other.token)).body
        .message,
    ).toBe('The e-mail address does not meet the rules');
    const taken = await ctx.post(
      '/api/sms_mail',
      { user_string: 'second@test.exchange', scene: 'binding' },
      other.token,
    );
    expect(taken.body.message).toBe('This e-mail is already bound to another account');
  });
});

describe('phone binding', () => {
  it('binds a phone proven by a code sent to it, with its area code, and refuses one used elsewhere', async () => {
    const user = await ctx.signedInUser();
    const sent = await ctx.post(
      '/api/sms_send',
      { user_string: '13900139000', scene: 'binding', area_code: '86' },
      user.token,
    );
    expect(sent.body.type).toBe('ok');
    const code = await ctx.latestCode('13900139000');
    const wrongPhone = await ctx.post(
      '/api/safe/mobile',
      { mobile: '13900139001', area_code: '86', code },
      user.token,
    );
    expect(wrongPhone.body.message).toBe('The verification code is incorrect or has expired');
    const bound = await ctx.post(
      '/api/safe/mobile',
      { mobile: '139 0013 9000', area_code: '+86', code },
      user.token,
    );
    expect(bound.body).toEqual({ type: 'ok', message: 'Saved' });
    expect((await ctx.get('/api/user/info', user.token)).body.message).toMatchObject({
      phone: '13900139000',
      area_code: '86',
      area_code_id: 1,
    });

    const other = await ctx.signedInUser();
    expect(
      (await ctx.post('/api/safe/mobile', { mobile: 'x@y.io', code: '123456' }, other.token)).body.message,
    ).toBe('The phone or e-mail account does not meet the rules');
    const taken = await ctx.post(
      '/api/sms_send',
      { user_string: '13900139000', scene: 'binding' },
      other.token,
    );
    expect(taken.body.message).toBe('This account is already registered');
    const visitor = await ctx.post('/api/safe/mobile', { mobile: '13900139000', code: '123456' });
    expect(visitor.body.type).toBe('999');
  });
});
