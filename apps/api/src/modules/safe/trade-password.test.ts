import type { FastifyInstance } from 'fastify';
import supertest from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestContext } from '../../../../../test/harness';

/**
 * The trade password guards withdrawals and every money action; whoever holds a stolen session must get no
 * more than five guesses at it, however many they send at once and to however many API processes.
 */
const ctx = useTestContext();
let other: FastifyInstance;
beforeAll(async () => {
  other = await ctx.anotherApi();
});

const WRONG = 'The trade password is incorrect';
const TOO_MANY = 'Too many attempts, please try again later';
const TRON_ADDRESS = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';

function post(process: 0 | 1, path: string, body: Record<string, string | number>, token: string) {
  return supertest(process === 0 ? ctx.app.server : other.server)
    .post(path)
    .set('Authorization', token)
    .type('form')
    .send(body)
    .then((response) => response.body as { type: string; message: string });
}

describe('trade password guessing', () => {
  it('compares five of 40 simultaneous guesses across two API processes, then refuses the right one', async () => {
    const user = await ctx.signedInUser({ tradePassword: '246810' });
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        post((index % 2) as 0 | 1, '/api/safe/judge_password', { password: `1000${10 + index}` }, user.token),
      ),
    );
    expect(answers.filter((answer) => answer.message === WRONG)).toHaveLength(5);
    expect(answers.filter((answer) => answer.message === TOO_MANY)).toHaveLength(35);
    expect((await post(0, '/api/safe/judge_password', { password: '246810' }, user.token)).message).toBe(
      TOO_MANY,
    );
  });

  it('holds the same five for withdrawals mixed with checks, and nothing moves', async () => {
    const user = await ctx.signedInUser({ tradePassword: '246810' });
    await ctx.deposit(user.account, 'USDT', '500');
    const usdt = await ctx.currencyId('USDT');
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        index % 3 === 0
          ? post(1, '/api/safe/judge_password', { password: `2000${10 + index}` }, user.token)
          : post(
              (index % 2) as 0 | 1,
              '/api/wallet/out',
              { currency: usdt, number: '40', address: TRON_ADDRESS, pay_password: `3000${10 + index}` },
              user.token,
            ),
      ),
    );
    expect(answers.filter((answer) => answer.message === WRONG)).toHaveLength(5);
    expect(answers.filter((answer) => answer.message === TOO_MANY)).toHaveLength(25);
    const withdrawal = await post(
      0,
      '/api/wallet/out',
      { currency: usdt, number: '40', address: TRON_ADDRESS, pay_password: '246810' },
      user.token,
    );
    expect(withdrawal.message).toBe(TOO_MANY);
    expect(await ctx.prisma.withdrawal.count({ where: { user_id: user.id } })).toBe(0);
    expect((await ctx.audit()).ok).toBe(true);
  });

  it('counts wrong passwords only: 20 withdrawals with the right one at once all pass, on two processes', async () => {
    const user = await ctx.signedInUser({ tradePassword: '246810', kyc: true });
    await ctx.deposit(user.account, 'USDT', '1000');
    const usdt = await ctx.currencyId('USDT');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        post(
          (index % 2) as 0 | 1,
          '/api/wallet/out',
          { currency: usdt, number: '40', address: TRON_ADDRESS, pay_password: '246810' },
          user.token,
        ),
      ),
    );
    expect(answers.filter((answer) => answer.type !== 'ok')).toEqual([]);
    expect(await ctx.prisma.withdrawal.count({ where: { user_id: user.id } })).toBe(20);
    // Wrong guesses among right ones are still compared, and answered as wrong.
    const mixed = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        post(0, '/api/safe/judge_password', { password: index % 2 ? '246810' : '135790' }, user.token),
      ),
    );
    expect(mixed.filter((answer) => answer.message === WRONG)).toHaveLength(4);
    expect(mixed.filter((answer) => answer.type === 'ok')).toHaveLength(4);
    expect((await ctx.audit()).ok).toBe(true);
  });

  it('lets the owner’s right password clear earlier wrong ones', async () => {
    const user = await ctx.signedInUser({ tradePassword: '246810' });
    for (let guess = 0; guess < 4; guess += 1) {
      expect((await post(0, '/api/safe/judge_password', { password: '111111' }, user.token)).message).toBe(
        WRONG,
      );
    }
    expect((await post(1, '/api/safe/judge_password', { password: '246810' }, user.token)).type).toBe('ok');
    for (let guess = 0; guess < 5; guess += 1) {
      expect((await post(1, '/api/safe/judge_password', { password: '111111' }, user.token)).message).toBe(
        WRONG,
      );
    }
    expect((await post(0, '/api/safe/judge_password', { password: '246810' }, user.token)).message).toBe(
      TOO_MANY,
    );
  });
});
