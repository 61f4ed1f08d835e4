import type { FastifyInstance } from 'fastify';
import supertest from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestContext } from '../../../../test/harness';

/**
 * The order routes trust a session for a few seconds without asking Postgres; signing out or resetting the
 * password must still end it at once in every API process. Two app instances on one database and one Redis
 * prefix stand for two processes.
 */
const ctx = useTestContext();
let other: FastifyInstance;
let usdt: number;
let btc: number;
beforeAll(async () => {
  other = await ctx.anotherApi();
  [usdt, btc] = await ctx.currencyIds('USDT', 'BTC');
  await ctx.startMatcher();
});

/** A tiny limit buy through the other process; its answer's type tells whether the session was accepted. */
const orderThroughOther = async (token: string) =>
  (
    await supertest(other.server)
      .post('/api/coin/trade')
      .set('Authorization', token)
      .type('form')
      .send({ legal_id: usdt, currency_id: btc, type: 1, target_price: '1', amount: '0.001' })
  ).body as { type: string; message: string };

describe('the session cache of the order routes', () => {
  it('ends a session in every process as soon as it signs out', async () => {
    const user = await ctx.signedInUser();
    await ctx.deposit(user.account, 'USDT', '10');
    // Warms the other process's cache.
    expect((await orderThroughOther(user.token)).type).toBe('ok');
    expect((await ctx.post('/api/user/logout', {}, user.token)).body.type).toBe('ok');
    // Well within the cache's five seconds: only the published revocation can explain a refusal.
    await expect
      .poll(() => orderThroughOther(user.token), { timeout: 1_000, interval: 20 })
      .toEqual({
        type: '999',
        message: 'Please sign in',
      });
    // The signing-out process itself refuses at once.
    expect(
      (
        await ctx.post(
          '/api/coin/trade',
          { legal_id: usdt, currency_id: btc, type: 1, target_price: '1', amount: '0.001' },
          user.token,
        )
      ).body.type,
    ).toBe('999');
  });

  it('ends every session of a user whose password was reset', async () => {
    const user = await ctx.signedInUser();
    await ctx.deposit(user.account, 'USDT', '10');
    expect((await orderThroughOther(user.token)).type).toBe('ok');
    await ctx.post('/api/sms_mail', { user_string: user.account, type: 'forget' });
    const reset = await ctx.post('/api/user/forget', {
      account: user.account,
      password: 'Renewed123',
      repassword: 'Renewed123',
      code: await ctx.latestCode(user.account),
      scene: 'forget',
    });
    expect(reset.body.type).toBe('ok');
    await expect
      .poll(async () => (await orderThroughOther(user.token)).type, { timeout: 1_000, interval: 20 })
      .toBe('999');
  });

  it('refuses unknown tokens and keeps other users signed in', async () => {
    const staying = await ctx.signedInUser();
    const leaving = await ctx.signedInUser();
    await ctx.deposit(staying.account, 'USDT', '10');
    expect((await orderThroughOther('f'.repeat(64))).type).toBe('999');
    expect((await orderThroughOther(staying.token)).type).toBe('ok');
    await ctx.post('/api/user/logout', {}, leaving.token);
    expect((await orderThroughOther(staying.token)).type).toBe('ok');
  });
});
