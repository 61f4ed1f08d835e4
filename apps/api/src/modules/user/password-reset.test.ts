import { describe, expect, it } from 'vitest';
import { useTestContext } from '../../../../../test/harness';

const ctx = useTestContext();

describe('password reset', () => {
  it('resets with a code, signs every session out, and only the new password works', async () => {
    const user = await ctx.signedInUser();
    const sent = await ctx.post('/api/sms_mail', { user_string: user.account, type: 'forget' });
    expect(sent.body.type).toBe('ok');
    const code = await ctx.latestCode(user.account);
    const reset = await ctx.post('/api/user/forget', {
      account: user.account,
      password: 'Renewed123',
      repassword: 'Renewed123',
      code,
      scene: 'forget',
    });
    expect(reset.body).toEqual({ type: 'ok', message: 'Password changed, please sign in again' });
    expect((await ctx.get('/api/user/info', user.token)).body.type).toBe('999');
    expect(
      (await ctx.post('/api/user/login', { user_string: user.account, password: user.password })).body.type,
    ).toBe('error');
    expect(
      (await ctx.post('/api/user/login', { user_string: user.account, password: 'Renewed123' })).body.type,
    ).toBe('ok');
  });

  it('refuses bad input and changes nothing', async () => {
    const user = await ctx.signedInUser();
    await ctx.post('/api/sms_mail', { user_string: user.account, type: 'forget' });
    const code = await ctx.latestCode(user.account);
    const before = await ctx.prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    const base = { account: user.account, password: 'Renewed123', repassword: 'Renewed123', code };
    const cases: [Record<string, string>, string][] = [
      [{ account: '' }, 'Please enter your account'],
      [{ password: '' }, 'Please enter a password'],
      [{ password: 'abc', repassword: 'abc' }, 'The password must be 6 to 16 characters'],
      [{ repassword: 'Other12345' }, 'The two passwords do not match'],
      [{ code: '' }, 'Please enter the verification code'],
      [
        { code: '000000' === code ? '111111' : '000000' },
        'The verification code is incorrect or has expired',
      ],
    ];
    for (const [change, message] of cases) {
      expect(
        (await ctx.post('/api/user/forget', { ...base, ...change })).body,
        JSON.stringify(change),
      ).toEqual({
        type: 'error',
        message,
      });
    }
    const after = await ctx.prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(after.password_hash).toBe(before.password_hash);
    expect((await ctx.get('/api/user/info', user.token)).body.type).toBe('ok');
  });

  it('sends no code to an unknown account but answers the same', async () => {
    const answer = await ctx.post('/api/sms_mail', { user_string: 'nobody@test.exchange', type: 'forget' });
    expect(answer.body).toEqual({ type: 'ok', message: 'Verification code sent' });
    expect(await ctx.prisma.messageOutbox.count({ where: { to: 'nobody@test.exchange' } })).toBe(0);
    const reset = await ctx.post('/api/user/forget', {
      account: 'nobody@test.exchange',
      password: 'Renewed123',
      repassword: 'Renewed123',
      code: '123456',
    });
    expect(reset.body.message).toBe('The verification code is incorrect or has expired');
  });

  it('kills a code after five wrong tries', async () => {
    const user = await ctx.signedInUser();
    await ctx.post('/api/sms_mail', { user_string: user.account, type: 'forget' });
    const code = await ctx.latestCode(user.account);
    const wrong = code === '999999' ? '999998' : '999999';
    const attempt = (candidate: string) =>
      ctx.post('/api/user/forget', {
        account: user.account,
        password: 'Renewed123',
        repassword: 'Renewed123',
        code: candidate,
      });
    for (let strike = 1; strike <= 4; strike += 1) {
      expect((await attempt(wrong)).body.message).toBe('The verification code is incorrect or has expired');
    }
    expect((await attempt(wrong)).body.message).toBe('Too many wrong codes, please request a new one');
    expect((await attempt(code)).body.message).toBe('Too many wrong codes, please request a new one');
  });

  it('changes the password from the settings screen with a code for the signed-in account', async () => {
    const user = await ctx.signedInUser();
    await ctx.post('/api/sms_mail', { user_string: user.account, type: 'forget' });
    const code = await ctx.latestCode(user.account);
    const mismatch = await ctx.post(
      '/api/safe/update_password',
      { password: 'Fresh12345', re_password: 'Fresh1234', code },
      user.token,
    );
    expect(mismatch.body.message).toBe('The two passwords do not match');
    const changed = await ctx.post(
      '/api/safe/update_password',
      { password: 'Fresh12345', re_password: 'Fresh12345', code },
      user.token,
    );
    expect(changed.body.type).toBe('ok');
    expect((await ctx.get('/api/user/info', user.token)).body.type).toBe('999');
    expect(
      (await ctx.post('/api/user/login', { user_string: user.account, password: 'Fresh12345' })).body.type,
    ).toBe('ok');
  });
});
