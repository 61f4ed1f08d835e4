import type { FastifyInstance } from 'fastify';
import supertest from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestContext } from '../../../../../test/harness';
import { MAX_WRONG_TRIES } from './codes';

/** A code is dead after its fifth wrong try, however the tries arrive: at once, at two API processes. */
const ctx = useTestContext();
let other: FastifyInstance;
beforeAll(async () => {
  other = await ctx.anotherApi();
});

const INVALID = 'The verification code is incorrect or has expired';
const DEAD = 'Too many wrong codes, please request a new one';

const check = (process: 0 | 1, destination: string, code: string) =>
  supertest(process === 0 ? ctx.app.server : other.server)
    .post('/api/user/check_mobile')
    .type('form')
    .send({ user_string: destination, mobile_code: code, scene: 'register' })
    .then((response) => response.body as { type: string; message: string });

/** A six-digit code that is not `code`. */
const wrongFor = (code: string, index: number) =>
  String((Number(code) + 1 + index) % 1_000_000).padStart(6, '0');

async function sendCode(destination: string) {
  const sent = await ctx.post('/api/sms_send', {
    user_string: destination,
    scene: 'register',
    area_code: '86',
  });
  expect(sent.body.type).toBe('ok');
  return ctx.latestCode(destination);
}

const strikes = async (destination: string) =>
  (
    await ctx.prisma.verificationCode.findFirstOrThrow({
      where: { destination, scene: 'register' },
      orderBy: { id: 'desc' },
    })
  ).attempts;

describe('verification code guessing', () => {
  it('compares five of 40 simultaneous wrong codes, then refuses the right one', async () => {
    const destination = '13600001111';
    const code = await sendCode(destination);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        check((index % 2) as 0 | 1, destination, wrongFor(code, index)),
      ),
    );
    expect(answers.filter((answer) => answer.message === INVALID)).toHaveLength(MAX_WRONG_TRIES - 1);
    expect(answers.filter((answer) => answer.message === DEAD)).toHaveLength(40 - MAX_WRONG_TRIES + 1);
    expect(await strikes(destination)).toBe(MAX_WRONG_TRIES);
    expect((await check(0, destination, code)).message).toBe(DEAD);
  });

  it('accepts the right code in a burst only while it has strikes left', async () => {
    const destination = '13600002222';
    const code = await sendCode(destination);
    const tries = Array.from({ length: 30 }, (_, index) => (index === 15 ? code : wrongFor(code, index)));
    const answers = await Promise.all(
      tries.map((guess, index) => check((index % 2) as 0 | 1, destination, guess)),
    );
    const accepted = answers.filter((answer) => answer.type === 'ok');
    const wrongCompared = answers.filter((answer, index) => index !== 15 && answer.message !== DEAD);
    // At most four wrong codes were answered "incorrect" (the fifth kills it), and the strikes never pass five.
    expect(wrongCompared.length).toBeLessThanOrEqual(MAX_WRONG_TRIES - 1);
    expect(await strikes(destination)).toBeLessThanOrEqual(MAX_WRONG_TRIES);
    // The right code passed only if it came before the fifth wrong one.
    if (accepted.length === 1) expect(answers[15]?.type).toBe('ok');
    else expect(answers[15]?.message).toBe(DEAD);
    expect(await strikes(destination)).toBe(MAX_WRONG_TRIES);
  });

  it('counts wrong codes sent to a money action’s transaction too: five, then dead', async () => {
    const user = await ctx.signedInUser();
    const sent = await ctx.post('/api/sms_mail', { scene: 'trade_password' }, user.token);
    expect(sent.body.type).toBe('ok');
    const code = await ctx.latestCode(user.account);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        supertest(index % 2 === 0 ? ctx.app.server : other.server)
          .post('/api/safe/trade_password')
          .set('Authorization', user.token)
          .type('form')
          .send({ password: '135790', re_password: '135790', code: wrongFor(code, index) })
          .then((response) => response.body as { type: string; message: string }),
      ),
    );
    expect(answers.filter((answer) => answer.message === INVALID)).toHaveLength(MAX_WRONG_TRIES - 1);
    expect(answers.filter((answer) => answer.message === DEAD)).toHaveLength(12 - MAX_WRONG_TRIES + 1);
    const right = await ctx.post(
      '/api/safe/trade_password',
      { password: '135790', re_password: '135790', code },
      user.token,
    );
    expect(right.body.message).toBe(DEAD);
  });
});
