import { describe, expect, it } from 'vitest';
import { useTestContext } from '../../../../../test/harness';
import { writeSetting } from '../system';

const ctx = useTestContext();

describe('sign-in, sessions and the caller’s own data', () => {
  it('signs in with a 256-bit token that unlocks user/info, raw or as Bearer', async () => {
    const user = await ctx.signedInUser();
    expect(user.token).toMatch(/^[0-9a-f]{64}$/);
    const stored = await ctx.prisma.session.findFirstOrThrow({ where: { user_id: user.id } });
    expect(stored.token_hash).not.toBe(user.token);

    for (const header of [user.token, `Bearer ${user.token}`]) {
      const info = await ctx.get('/api/user/info', header);
      expect(info.body.type).toBe('ok');
      expect(info.body.message).toMatchObject({
        id: user.id,
        account_number: user.account,
        review_status: 0,
      });
      expect(info.body.message).not.toHaveProperty('password_hash');
      expect(info.body.message).not.toHaveProperty('trade_password_hash');
      expect(info.body.message).not.toHaveProperty('authorization_code');
    }
  });

  it('answers 999 for a missing, unknown or revoked token on every authorised call', async () => {
    const user = await ctx.signedInUser();
    const authorised = ['/api/user/info', '/api/user/center', '/api/user/authorization_code'];
    for (const path of authorised) {
      expect((await ctx.get(path)).body).toEqual({ type: '999', message: 'Please sign in' });
      expect((await ctx.get(path, 'f'.repeat(64))).body.type).toBe('999');
    }
    expect((await ctx.post('/api/safe/judge_password', {})).body.type).toBe('999');
    expect((await ctx.post('/api/user/real_name', {})).body.type).toBe('999');

    const logout = await ctx.post('/api/user/logout', {}, user.token);
    expect(logout.body).toEqual({ type: 'ok', message: 'Signed out' });
    for (const path of authorised) expect((await ctx.get(path, user.token)).body.type).toBe('999');
    expect((await ctx.get('/api/user/logout', user.token)).body.type).toBe('999');
  });

  it('expires sessions at their deadline', async () => {
    const user = await ctx.signedInUser();
    await ctx.prisma.session.updateMany({
      where: { user_id: user.id },
      data: { expires_at: new Date(Date.now() - 1000) },
    });
    expect((await ctx.get('/api/user/info', user.token)).body.type).toBe('999');
  });

  it('never lets one user’s token reach another user’s data', async () => {
    const alice = await ctx.signedInUser();
    const bob = await ctx.signedInUser();
    const info = await ctx.get(`/api/user/info?user_id=${bob.id}`, alice.token);
    expect(info.body.message.id).toBe(alice.id);
    const center = await ctx.get(`/api/user/center?user_id=${bob.id}`, alice.token);
    expect(center.body.message.account_number).toBe(alice.account);
  });

  it('gives the same answer for an unknown account and a wrong password', async () => {
    const user = await ctx.signedInUser();
    const wrongPassword = await ctx.post('/api/user/login', {
      user_string: user.account,
      password: 'Wrong1234',
    });
    const unknown = await ctx.post('/api/user/login', {
      user_string: 'ghost@test.exchange',
      password: 'Wrong1234',
    });
    const nonsense = await ctx.post('/api/user/login', { user_string: '%%%', password: 'Wrong1234' });
    for (const answer of [wrongPassword, unknown, nonsense]) {
      expect(answer.body).toEqual({ type: 'error', message: 'Account or password is incorrect' });
    }
    expect((await ctx.post('/api/user/login', { password: 'x' })).body.message).toBe(
      'Please enter your account',
    );
    expect((await ctx.post('/api/user/login', { user_string: user.account })).body.message).toBe(
      'Please enter a password',
    );
  });

  it('locks an account’s sign-in after ten failures, even for the right password', async () => {
    const user = await ctx.signedInUser();
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const answer = await ctx.post('/api/user/login', { user_string: user.account, password: 'Wrong1234' });
      expect(answer.body.message).toBe('Account or password is incorrect');
    }
    const locked = await ctx.post('/api/user/login', { user_string: user.account, password: user.password });
    expect(locked.body).toEqual({ type: 'error', message: 'Too many attempts, please try again later' });
  });

  it('asks for an SMS code at sign-in only when the setting says so', async () => {
    const user = await ctx.signedInUser();
    await writeSetting(ctx.prisma, 'login_need_smscode', 'true');
    try {
      expect((await ctx.get('/api/env.json')).body.login_need_smscode).toBe(true);
      const withoutCode = await ctx.post('/api/user/login', {
        user_string: user.account,
        password: user.password,
      });
      expect(withoutCode.body.message).toBe('Please enter the verification code');
      await ctx.post('/api/sms_mail', { user_string: user.account, scene: 'login' });
      const code = await ctx.latestCode(user.account);
      const withCode = await ctx.post('/api/user/login', {
        user_string: user.account,
        password: user.password,
        sms_code: code,
      });
      expect(withCode.body.type).toBe('ok');
      const reused = await ctx.post('/api/user/login', {
        user_string: user.account,
        password: user.password,
        sms_code: code,
      });
      expect(reused.body.type).toBe('error');
      // The points-exchange variant signs in with account and password only.
      const points = await ctx.post('/api/Independent/points', {
        user_string: user.account,
        password: user.password,
      });
      expect(points.body.type).toBe('ok');
    } finally {
      await writeSetting(ctx.prisma, 'login_need_smscode', 'false');
    }
  });

  it('refuses a locked account', async () => {
    const user = await ctx.signedInUser();
    await ctx.prisma.user.update({
      where: { id: user.id },
      data: { status: 1, lock_time: new Date(Date.now() + 3_600_000) },
    });
    expect((await ctx.get('/api/user/info', user.token)).body.message).toBe(
      'This account is locked, please contact support',
    );
    const login = await ctx.post('/api/user/login', { user_string: user.account, password: user.password });
    expect(login.body.message).toBe('This account is locked, please contact support');
  });

  it('serves the centre, the authorisation code and the security facts the settings screen needs', async () => {
    const user = await ctx.signedInUser({ tradePassword: '654321', kyc: true });
    const center = await ctx.get('/api/user/center', user.token);
    expect(center.body.message).toMatchObject({
      review_status: 2,
      has_trade_password: 1,
      email: user.account,
    });
    const code = await ctx.get('/api/user/authorization_code', user.token);
    expect(code.body.message).toMatch(/^[A-Z0-9]{8}$/);
  });
});
