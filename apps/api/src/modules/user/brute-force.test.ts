import type { FastifyInstance } from 'fastify';
import supertest from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestContext } from '../../../../../test/harness';
import { writeSetting } from '../system';
import { ACCOUNT, addressKey, forgetLoginGuesses, gateKey, takeLoginGuess } from './login-throttle';

/**
 * Password guessing at sign-in, as an attacker tries it: many guesses at the same moment, spread over two
 * API processes and many addresses. This context trusts loopback as a proxy, so X-Forwarded-For stands for
 * the attackers' addresses here (brute-force-spoofing.test.ts covers a server that trusts nobody).
 */
const ctx = useTestContext({ TRUST_PROXY: 'loopback' });
let other: FastifyInstance;
beforeAll(async () => {
  other = await ctx.anotherApi();
});

const WRONG = 'Account or password is incorrect';
const TOO_MANY = 'Too many attempts, please try again later';
const WAIT = /^Too many attempts on this account, please try again in \d+ seconds$/;

/** A sign-in from `address`, through the first or the second API process. */
function login(fields: Record<string, string>, address: string, process: 0 | 1 = 0) {
  const server = process === 0 ? ctx.app.server : other.server;
  return supertest(server)
    .post('/api/user/login')
    .set('X-Forwarded-For', address)
    .type('form')
    .send(fields)
    .then((response) => response.body as { type: string; message: string });
}

const count = (answers: { message: string }[], message: string | RegExp) =>
  answers.filter((answer) =>
    typeof message === 'string' ? answer.message === message : message.test(answer.message),
  ).length;

const secondsOf = (message: string) => Number(/in (\d+) seconds/.exec(message)?.[1]);

/** How many of the account's delays (1 s, 2 s, 4 s...) can run out one after another within `ms`. */
function delaysWithin(ms: number): number {
  let runs = 0;
  for (let elapsed = ACCOUNT.firstDelayMs; elapsed <= ms; elapsed += ACCOUNT.firstDelayMs * 2 ** runs)
    runs += 1;
  return runs;
}

/** A long attack from many addresses, sped up: the delays are let run out at once until one is a minute. */
async function attackUntilTheDelayIsAMinute(account: string) {
  for (let guess = 0; (await ctx.redis.pttl(gateKey(account))) < ACCOUNT.maxDelayMs - 5_000; guess += 1) {
    await ctx.redis.del(gateKey(account));
    await takeLoginGuess(ctx.redis, { account, ip: `203.0.113.${guess + 1}`, provenByCode: false });
  }
}

describe('password guessing at sign-in', () => {
  it('compares at most ten of 40 simultaneous guesses from one address, across two API processes', async () => {
    const user = await ctx.signedInUser();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        login(
          { user_string: user.account, password: `Wrong${index}x` },
          '198.51.100.1',
          (index % 2) as 0 | 1,
        ),
      ),
    );
    expect(count(answers, WRONG)).toBe(10);
    expect(count(answers, TOO_MANY)).toBe(30);
    // The limit holds for the right password too, from that address.
    expect(
      (await login({ user_string: user.account, password: user.password }, '198.51.100.1')).message,
    ).toBe(TOO_MANY);
  });

  it('does not lock the owner out: a stranger’s ten failures leave the owner’s address free', async () => {
    const user = await ctx.signedInUser();
    for (let guess = 0; guess < 10; guess += 1) {
      const answer = await login({ user_string: user.account, password: 'Wrong1234' }, '198.51.100.2');
      expect(answer.message).toBe(WRONG);
    }
    expect(
      (await login({ user_string: user.account, password: user.password }, '198.51.100.2')).message,
    ).toBe(TOO_MANY);
    const owner = await login({ user_string: user.account, password: user.password }, '192.0.2.10');
    expect(owner.type).toBe('ok');
  });

  it('slows guesses from 40 addresses at once to one per growing delay: eleven compared, not 40', async () => {
    const user = await ctx.signedInUser();
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        login(
          { user_string: user.account, password: `Wrong${index}x` },
          `203.0.113.${index + 1}`,
          (index % 2) as 0 | 1,
        ),
      ),
    );
    // Ten free guesses, then one per delay: the eleventh passed and started a 1 s wait for all the rest
    // (one more per delay that ran out while the burst lasted, should this machine take seconds).
    const compared = count(answers, WRONG);
    expect(compared).toBeGreaterThanOrEqual(ACCOUNT.free + 1);
    expect(compared).toBeLessThanOrEqual(ACCOUNT.free + 1 + delaysWithin(Date.now() - started));
    expect(count(answers, WAIT)).toBe(40 - compared);
  });

  it('asks the owner of an attacked account to wait, never locks them out, and a code skips the wait', async () => {
    const user = await ctx.signedInUser();
    await attackUntilTheDelayIsAMinute(user.account);
    const waiting = await login({ user_string: user.account, password: user.password }, '192.0.2.20');
    expect(waiting.message).toMatch(WAIT);
    expect(secondsOf(waiting.message)).toBeLessThanOrEqual(60);
    // A wrong code skips nothing.
    const wrongCode = await login(
      { user_string: user.account, password: user.password, sms_code: '000000' },
      '192.0.2.20',
    );
    expect(wrongCode.message).toMatch(WAIT);

    // A sign-in with a verification code sent to the account's own e-mail or phone goes straight in.
    await ctx.post('/api/sms_mail', { user_string: user.account, scene: 'login' });
    const code = await ctx.latestCode(user.account);
    const proven = await login(
      { user_string: user.account, password: user.password, sms_code: code },
      '192.0.2.20',
      1,
    );
    expect(proven.type).toBe('ok');
    const used = await ctx.prisma.verificationCode.findFirstOrThrow({
      where: { destination: user.account, scene: 'login' },
      orderBy: { id: 'desc' },
    });
    expect(used.consumed_at).not.toBeNull();

    // Without a code, the owner gets in once the delay has run out (here: its key expires).
    await ctx.redis.del(gateKey(user.account));
    expect((await login({ user_string: user.account, password: user.password }, '192.0.2.21')).type).toBe(
      'ok',
    );
  });

  it('doubles the account’s delay with every guess past the free ones, up to a minute', async () => {
    const account = 'delays@test.exchange';
    const guess = () => takeLoginGuess(ctx.redis, { account, ip: '203.0.113.200', provenByCode: false });
    const gate = async () => ctx.redis.pttl(gateKey(account));
    for (let free = 0; free < ACCOUNT.free; free += 1) await guess();
    expect(await gate()).toBe(-2);
    const delays: number[] = [];
    for (let step = 0; step < 9; step += 1) {
      await ctx.redis.del(addressKey(account, '203.0.113.200'));
      await guess();
      delays.push(Math.round((await gate()) / 1000));
      await expect(guess()).rejects.toMatchObject({ key: 'login_wait' });
      await ctx.redis.del(gateKey(account));
    }
    expect(delays).toEqual([1, 2, 4, 8, 16, 32, 60, 60, 60]);
    await forgetLoginGuesses(ctx.redis, account, '203.0.113.200');
    await guess();
    expect(await gate()).toBe(-2);
  });

  it('forgets the guesses at an account whose password was reset with a code', async () => {
    const user = await ctx.signedInUser();
    for (let guess = 0; guess < 10; guess += 1) {
      await login({ user_string: user.account, password: 'Wrong1234' }, '198.51.100.3');
    }
    await ctx.post('/api/sms_mail', { user_string: user.account, type: 'forget' });
    const code = await ctx.latestCode(user.account);
    const reset = await supertest(ctx.app.server)
      .post('/api/user/forget')
      .set('X-Forwarded-For', '198.51.100.3')
      .type('form')
      .send({ account: user.account, password: 'Fresh12345', repassword: 'Fresh12345', code });
    expect(reset.body.type).toBe('ok');
    expect((await login({ user_string: user.account, password: 'Fresh12345' }, '198.51.100.3')).type).toBe(
      'ok',
    );
  });

  it('requires the code when the setting says so, and a wrong one is refused before the password', async () => {
    const user = await ctx.signedInUser();
    await writeSetting(ctx.prisma, 'login_need_smscode', 'true');
    try {
      await ctx.post('/api/sms_mail', { user_string: user.account, scene: 'login' });
      const wrongCode = await login(
        { user_string: user.account, password: user.password, sms_code: '000000' },
        '192.0.2.40',
      );
      expect(wrongCode.message).toBe('The verification code is incorrect or has expired');
      const code = await ctx.latestCode(user.account);
      const ok = await login(
        { user_string: user.account, password: user.password, sms_code: code },
        '192.0.2.40',
      );
      expect(ok.type).toBe('ok');
    } finally {
      await writeSetting(ctx.prisma, 'login_need_smscode', 'false');
    }
  });
});
