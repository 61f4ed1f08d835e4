import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, useTestContext, type TestContext } from '../../../../../test/harness';
import { loadConfig } from '@exchange/kernel/config';

/**
 * The limits kept per client address, attacked by changing X-Forwarded-For on every request. By default
 * (TRUST_PROXY unset) the server trusts no proxy: the address is the connection's, whatever a header says.
 */
const ctx = useTestContext();
let proxied: TestContext;
beforeAll(async () => {
  proxied = await createTestContext({ TRUST_PROXY: '127.0.0.1' });
});
afterAll(() => proxied.close());

const spoofedLogin = (context: TestContext, fields: Record<string, string>, forwardedFor: string) =>
  context.http
    .post('/api/user/login')
    .set('X-Forwarded-For', forwardedFor)
    .type('form')
    .send(fields)
    .then((response) => response.body as { type: string; message: string });

describe('a spoofed X-Forwarded-For', () => {
  it('does not reset the per-address limit on guesses at an account', async () => {
    const user = await ctx.signedInUser();
    const answers = [];
    for (let guess = 0; guess < 12; guess += 1) {
      answers.push(
        await spoofedLogin(ctx, { user_string: user.account, password: 'Wrong1234' }, `10.9.8.${guess}`),
      );
    }
    expect(
      answers.slice(0, 10).every((answer) => answer.message === 'Account or password is incorrect'),
    ).toBe(true);
    expect(answers.slice(10).map((answer) => answer.message)).toEqual([
      'Too many attempts, please try again later',
      'Too many attempts, please try again later',
    ]);
  });

  it('does not reset the per-address limit on sign-ins, nor end up as the session’s address', async () => {
    const user = await ctx.signedInUser();
    const ok = await spoofedLogin(ctx, { user_string: user.account, password: user.password }, '6.6.6.6');
    expect(ok.type).toBe('ok');
    const session = await ctx.prisma.session.findFirstOrThrow({
      where: { user_id: user.id },
      orderBy: { id: 'desc' },
    });
    expect(session.ip).toBe('127.0.0.1');

    // 60 sign-ins per address per 15 minutes: with 50 used up, a new header each time changes nothing.
    await ctx.redis.set('rate:login-ip:127.0.0.1', '50', 'EX', 900);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        spoofedLogin(ctx, { user_string: `nobody${index}@test.exchange`, password: 'x' }, `10.1.2.${index}`),
      ),
    );
    expect(
      answers.filter((answer) => answer.message === 'Too many attempts, please try again later'),
    ).toHaveLength(2);
  });

  it('does not reset the per-address limit on sending codes', async () => {
    const answers = [];
    for (let send = 0; send < 21; send += 1) {
      const response = await ctx.http
        .post('/api/sms_mail')
        .set('X-Forwarded-For', `10.7.7.${send}`)
        .type('form')
        .send({ user_string: `fresh${send}@test.exchange`, scene: 'register' });
      answers.push((response.body as { message: string }).message);
    }
    expect(answers.slice(0, 20).every((message) => message === 'Verification code sent')).toBe(true);
    expect(answers[20]).toBe('Too many attempts, please try again later');
  });

  it('is believed only from a proxy TRUST_PROXY names, and only its own entry', async () => {
    const user = await proxied.signedInUser();
    // The proxy (127.0.0.1 here) appends the address it saw; whatever the client put before it is ignored.
    const ok = await spoofedLogin(
      proxied,
      { user_string: user.account, password: user.password },
      '6.6.6.6, 198.51.100.77',
    );
    expect(ok.type).toBe('ok');
    const session = await proxied.prisma.session.findFirstOrThrow({
      where: { user_id: user.id },
      orderBy: { id: 'desc' },
    });
    expect(session.ip).toBe('198.51.100.77');
  });
});

describe('TRUST_PROXY', () => {
  it('is off by default and takes addresses, CIDR ranges and proxy-addr’s names, never “trust everyone”', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'off' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 172.16.0.0/12,uniquelocal, ::1' }).TRUST_PROXY).toEqual([
      '10.0.0.1',
      '172.16.0.0/12',
      'uniquelocal',
      '::1',
    ]);
    for (const wrong of ['true', 'on', '*', '10.0.0.0/33', 'proxy.local']) {
      expect(() => loadConfig({ TRUST_PROXY: wrong })).toThrow(/TRUST_PROXY/);
    }
  });
});
