import { beforeEach, describe, expect, it } from 'vitest';
import { useTestContext } from '../../../../../test/harness';

const ctx = useTestContext();

describe('verification codes', () => {
  it('sends a 6-digit code to the outbox, never in the answer, and once per 60 s per destination', async () => {
    const first = await ctx.post('/api/sms_mail', { user_string: 'Fresh@Test.Exchange', scene: 'register' });
    expect(first.body).toEqual({ type: 'ok', message: 'Verification code sent' });
    const [message] = await ctx.prisma.messageOutbox.findMany({ where: { to: 'fresh@test.exchange' } });
    expect(message).toMatchObject({ channel: 'email', scene: 'register' });
    expect(message?.code).toMatch(/^\d{6}$/);
    expect(JSON.stringify(first.body)).not.toContain(message?.code);

    const again = await ctx.post('/api/sms_mail', { user_string: 'fresh@test.exchange', scene: 'register' });
    expect(again.body.type).toBe('error');
    expect(again.body.message).toMatch(/^Please wait \d+ seconds before requesting another code$/);
    expect(await ctx.prisma.messageOutbox.count({ where: { to: 'fresh@test.exchange' } })).toBe(1);
  });

  it('refuses bad requests to send', async () => {
    expect((await ctx.post('/api/sms_mail', { scene: 'register' })).body.message).toBe(
      'Please enter your account',
    );
    expect((await ctx.post('/api/sms_mail', { user_string: 'a@b.cd' })).body.message).toBe(
      'Unknown verification purpose',
    );
    expect((await ctx.post('/api/sms_mail', { user_string: 'a@b.cd', scene: 'steal' })).body.message).toBe(
      'Unknown verification purpose',
    );
    expect(
      (await ctx.post('/api/sms_mail', { user_string: '13900001111', scene: 'register' })).body.message,
    ).toBe('The e-mail address does not meet the rules');
    expect((await ctx.post('/api/sms_send', { user_string: 'x!y', scene: 'register' })).body.message).toBe(
      'The phone or e-mail account does not meet the rules',
    );
    const user = await ctx.signedInUser();
    expect(
      (await ctx.post('/api/sms_mail', { user_string: user.account, scene: 'register' })).body.message,
    ).toBe('This account is already registered');
    expect(await ctx.prisma.messageOutbox.count({ where: { to: 'a@b.cd' } })).toBe(0);
  });

  it('checks a code without using it up', async () => {
    await ctx.post('/api/sms_send', { user_string: '13700001111', scene: 'register', area_code: '86' });
    const code = await ctx.latestCode('13700001111');
    const check = await ctx.post('/api/user/check_mobile', { user_string: '13700001111', mobile_code: code });
    expect(check.body).toEqual({ type: 'ok', message: 'Verification code is correct' });
    expect(
      (await ctx.post('/api/user/check_mobile', { user_string: '13700001111', mobile_code: code })).body.type,
    ).toBe('ok');
    const wrong = await ctx.post('/api/user/check_mobile', {
      user_string: '13700001111',
      mobile_code: '0000000',
    });
    expect(wrong.body.type).toBe('error');
    expect((await ctx.post('/api/user/check_email', { user_string: 'a@b.cd' })).body.message).toBe(
      'Please enter the verification code',
    );
  });

  it('sends binding codes only for a signed-in user and an unused address', async () => {
    expect(
      (await ctx.post('/api/sms_mail', { user_string: 'bind@test.exchange', scene: 'binding' })).body.type,
    ).toBe('999');
    const user = await ctx.signedInUser();
    const other = await ctx.signedInUser();
    const taken = await ctx.post(
      '/api/sms_mail',
      { user_string: other.account, scene: 'binding' },
      user.token,
    );
    expect(taken.body.message).toBe('This e-mail is already bound to another account');
    const ok = await ctx.post(
      '/api/sms_mail',
      { user_string: 'bind@test.exchange', scene: 'binding' },
      user.token,
    );
    expect(ok.body.type).toBe('ok');
  });

  it('limits code requests per IP', async () => {
    const answers = [];
    for (let index = 0; index < 22; index += 1) {
      answers.push(
        await ctx.post('/api/sms_mail', { user_string: `burst${index}@test.exchange`, scene: 'register' }),
      );
    }
    expect(answers.at(-1)?.body).toEqual({
      type: 'error',
      message: 'Too many attempts, please try again later',
    });
  });
});

describe('resend intervals per purpose', () => {
  const cooldownKey = (account: string) => `code-cooldown:${account}`;
  const sendAddressCode = (token: string) => ctx.get('/api/wallet/draw_address/code', token);
  const secondsIn = (message: string) => Number(/(\d+) seconds/.exec(message)?.[1]);
  /** Forgets the requests this file's IP made, as an hour passing would (the per-IP test above used them up). */
  const resetIpWindow = async () => {
    const keys = await ctx.redis.keys(`${ctx.config.REDIS_PREFIX}rate:code-ip:*`);
    if (keys.length > 0) await ctx.redis.del(...keys.map((key) => key.slice(ctx.config.REDIS_PREFIX.length)));
  };
  beforeEach(resetIpWindow);

  it('lets a withdraw-address code be asked again after 30 s, the countdown its screen shows', async () => {
    const user = await ctx.signedInUser();
    expect((await sendAddressCode(user.token)).body.code).toBe(0);
    const ttl = await ctx.redis.ttl(cooldownKey(user.account));
    expect(ttl).toBeGreaterThan(25);
    expect(ttl).toBeLessThanOrEqual(30);

    const tooSoon = await sendAddressCode(user.token);
    expect(tooSoon.body.code).toBe(1);
    expect(secondsIn(tooSoon.body.msg)).toBeGreaterThan(0);
    expect(secondsIn(tooSoon.body.msg)).toBeLessThanOrEqual(30);
    expect(await ctx.prisma.messageOutbox.count({ where: { to: user.account } })).toBe(1);

    // The 30 s pass: the wait is over exactly when the key expires, and the next code goes out.
    await ctx.redis.pexpire(cooldownKey(user.account), 1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await sendAddressCode(user.token)).body.code).toBe(0);
    expect(await ctx.prisma.messageOutbox.count({ where: { to: user.account } })).toBe(2);
  });

  it('lets a password-reset code be asked again after 31 s, the countdown its screen shows', async () => {
    const user = await ctx.signedInUser();
    const sent = await ctx.post('/api/sms_mail', { user_string: user.account, type: 'forget' });
    expect(sent.body.type).toBe('ok');
    const ttl = await ctx.redis.ttl(cooldownKey(user.account));
    expect(ttl).toBeGreaterThan(26);
    expect(ttl).toBeLessThanOrEqual(31);
    const tooSoon = await ctx.post('/api/sms_mail', { user_string: user.account, type: 'forget' });
    expect(tooSoon.body.type).toBe('error');
    expect(await ctx.prisma.messageOutbox.count({ where: { to: user.account } })).toBe(1);
  });

  it('keeps 60 s for every other purpose, and one wait per destination across purposes', async () => {
    const user = await ctx.signedInUser();
    const first = await ctx.post('/api/sms_mail', { scene: 'trade_password' }, user.token);
    expect(first.body.type).toBe('ok');
    expect(await ctx.redis.ttl(cooldownKey(user.account))).toBeGreaterThan(55);
    // A withdraw-address code does not slip in under the trade-password code's wait.
    const address = await sendAddressCode(user.token);
    expect(address.body.code).toBe(1);
    expect(secondsIn(address.body.msg)).toBeGreaterThan(30);

    // Nor the other way round: after a withdraw-address code, no code of any purpose for 30 s.
    await ctx.redis.del(cooldownKey(user.account));
    expect((await sendAddressCode(user.token)).body.code).toBe(0);
    const trade = await ctx.post('/api/sms_mail', { scene: 'trade_password' }, user.token);
    expect(trade.body.type).toBe('error');
    expect(trade.body.message).toMatch(/^Please wait \d+ seconds before requesting another code$/);
    expect(await ctx.prisma.messageOutbox.count({ where: { to: user.account } })).toBe(2);
  });

  it('still caps a destination at 20 codes a day however short the interval', async () => {
    const user = await ctx.signedInUser();
    // Each round the 30 s pass and the IP's hourly window is reset, so only the destination's cap is left.
    const answers = [];
    for (let index = 0; index < 21; index += 1) {
      await ctx.redis.del(cooldownKey(user.account));
      await resetIpWindow();
      answers.push((await sendAddressCode(user.token)).body);
    }
    expect(answers.slice(0, 20).every((answer) => answer.code === 0)).toBe(true);
    expect(answers[20]).toEqual({ code: 1, msg: 'Too many attempts, please try again later' });
    expect(await ctx.prisma.messageOutbox.count({ where: { to: user.account } })).toBe(20);
  });
});
