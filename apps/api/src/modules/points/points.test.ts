import { beforeAll, describe, expect, it } from 'vitest';
import { Money } from '@exchange/kernel/ledger';
import { useTestContext, type TestContext } from '../../../../../test/harness';
import { writeSetting } from '../system';
import { grantPoints } from './grant';

const ctx = useTestContext();
let hap: number;
const TRADE_PASSWORD = '246810';

beforeAll(async () => {
  hap = await ctx.currencyId('HAP');
  // The partner token's reserve, funded as an operator does with `ops house:fund`.
  await ctx.fundHouse('partner_pool', 'HAP', '1000');
});

type User = Awaited<ReturnType<TestContext['signedInUser']>>;

async function boundUser(points?: string): Promise<User> {
  const user = await ctx.signedInUser({ tradePassword: TRADE_PASSWORD });
  const bound = await ctx.post('/api/jc/bind', { user_name: 'partner-1', password: 'p4ss' }, user.token);
  expect(bound.body).toEqual({ type: 'ok', message: 'Partner account bound' });
  if (points) await grantPoints(ctx.prisma, { account: user.account, points, reason: 'welcome bonus' });
  return user;
}

/** What a user holds of everything a points exchange touches. */
async function holdings(user: User) {
  const [points, wallet, exchanges, logs] = await Promise.all([
    ctx.prisma.pointsBalance.findUnique({ where: { user_id: user.id } }),
    ctx.balance(user.id, hap),
    ctx.prisma.jcExchange.count({ where: { user_id: user.id } }),
    ctx.prisma.pointsLog.count({ where: { user_id: user.id } }),
  ]);
  return {
    points: points?.balance.toFixed() ?? '0',
    hap: wallet.available,
    exchanges,
    logs,
  };
}

const exchange = (user: User, body: Record<string, string | number>, lang = 'en') =>
  ctx.http
    .post('/api/jc/exchange')
    .type('form')
    .set('Authorization', user.token)
    .set('lang', lang)
    .send(body)
    .then((response) => response.body as { type: string; message: unknown });

describe('partner binding (GET|POST /api/jc/bind)', () => {
  it('binds a partner account, keeps the password only hashed, and shows the account name', async () => {
    const user = await ctx.signedInUser();
    expect((await ctx.get('/api/jc/bind', user.token)).body).toEqual({
      type: 'ok',
      message: { user_name: '' },
    });
    const bound = await ctx.post(
      '/api/jc/bind',
      { user_name: ' partner-7 ', password: 'secret-7' },
      user.token,
    );
    expect(bound.body.type).toBe('ok');
    expect((await ctx.get('/api/jc/bind', user.token)).body.message).toEqual({ user_name: 'partner-7' });
    const stored = await ctx.prisma.jcBinding.findUniqueOrThrow({ where: { user_id: user.id } });
    expect(stored.password_hash).not.toContain('secret-7');
    expect(stored.password_hash.startsWith('$argon2')).toBe(true);
    // Re-binding replaces the account.
    await ctx.post('/api/jc/bind', { user_name: 'partner-8', password: 'secret-8' }, user.token);
    expect((await ctx.get('/api/jc/bind', user.token)).body.message).toEqual({ user_name: 'partner-8' });
  });

  it('refuses a missing or too long account or password, in the caller’s language', async () => {
    const user = await ctx.signedInUser();
    const bind = (body: Record<string, string>, lang = 'en') =>
      ctx.http
        .post('/api/jc/bind')
        .type('form')
        .set('Authorization', user.token)
        .set('lang', lang)
        .send(body);
    expect((await bind({ password: 'x' })).body).toEqual({
      type: 'error',
      message: 'Please enter the account',
    });
    expect((await bind({ user_name: 'a' }, 'zh')).body).toEqual({ type: 'error', message: '请输入密码' });
    expect((await bind({ user_name: 'a'.repeat(21), password: 'x' })).body).toEqual({
      type: 'error',
      message: 'At most 20 characters',
    });
    expect((await bind({ user_name: 'a', password: 'x'.repeat(21) })).body.type).toBe('error');
    expect((await bind({ user_name: '   ', password: 'x' })).body.message).toBe('Please enter the account');
    expect(await ctx.prisma.jcBinding.count({ where: { user_id: user.id } })).toBe(0);
    expect((await ctx.post('/api/jc/bind', { user_name: 'a', password: 'b' })).body.type).toBe('999');
  });
});

describe('points info and exchange (/api/jc/info, /api/jc/exchange)', () => {
  it('answers an error for an unbound user, so the client sends them to /bindInfo', async () => {
    const user = await ctx.signedInUser({ tradePassword: TRADE_PASSWORD });
    expect((await ctx.get('/api/jc/info', user.token)).body).toEqual({
      type: 'error',
      message: 'Please bind your partner account first',
    });
    await grantPoints(ctx.prisma, { account: user.account, points: '100', reason: 'test' });
    expect((await exchange(user, { use_number: '10', password: TRADE_PASSWORD })).message).toBe(
      'Please bind your partner account first',
    );
    expect(await holdings(user)).toMatchObject({ points: '100', hap: '0', exchanges: 0 });
  });

  it('exchanges points for the partner token at the configured terms, from the house pool, audit clean', async () => {
    await writeSetting(ctx.prisma, 'jc_price', '0.05');
    await writeSetting(ctx.prisma, 'jc_price_difference', '0.25');
    await writeSetting(ctx.prisma, 'jc_exchange_fee', '0.02');
    const user = await boundUser('1000.5');
    const info = await ctx.get('/api/jc/info', user.token);
    expect(info.body.message).toMatchObject({
      jc_integral: '1000.5',
      free_jc_integral: '1000.5',
      jc_price: '0.05',
      jc_price_difference: '0.25',
      jc_exchange_fee: '0.02',
      // HAP has not traded against USDT here: the price operators set for it.
      market_price: '1',
      currency_name: 'HAP',
    });
    const answer = await exchange(user, { use_number: '333.33', password: TRADE_PASSWORD });
    // fee = 333.33 × 0.02 = 6.6666 -> 6.67 (paid, rounded up); tokens = 326.66 × 0.05 / 1.25 = 13.0664.
    expect(answer).toEqual({ type: 'ok', message: 'Exchanged 333.33 points for 13.0664 HAP' });
    expect(await holdings(user)).toEqual({ points: '667.17', hap: '13.0664', exchanges: 1, logs: 2 });
    const log = await ctx.prisma.pointsLog.findFirstOrThrow({
      where: { user_id: user.id },
      orderBy: { id: 'desc' },
    });
    expect(log).toMatchObject({ reason: 'jc_exchange', ref_type: 'jc_exchange' });
    expect(log.delta.toFixed()).toBe('-333.33');
    expect(log.balance_after.toFixed()).toBe('667.17');
    const history = await ctx.get('/api/jc/exchange?page=1', user.token);
    expect(history.body.message.total).toBe(1);
    expect(history.body.message.data[0]).toMatchObject({
      integral: '333.33',
      exchange_num: '13.0664',
      fact_market_price: '1.25',
      integral_price: '0.05',
      fee: '6.67',
      fee_ratio: '0.02',
      currency_name: 'HAP',
    });
    const pool = await ctx.prisma.houseEntry.aggregate({
      _sum: { delta: true },
      where: { account: 'partner_pool', currency_id: hap },
    });
    expect(new Money(pool._sum.delta?.toFixed() ?? '0').toFixed()).toBe('986.9336');
    expect((await ctx.audit()).problems).toEqual([]);
    await writeSetting(ctx.prisma, 'jc_price', '0.01');
    await writeSetting(ctx.prisma, 'jc_price_difference', '0');
    await writeSetting(ctx.prisma, 'jc_exchange_fee', '0.01');
  });

  it('refuses bad amounts, more than usable, and a missing or wrong trade password, changing nothing', async () => {
    const user = await boundUser('100');
    const before = await holdings(user);
    const cases: [Record<string, string>, string][] = [
      [{ password: TRADE_PASSWORD }, 'Please enter an amount'],
      [{ use_number: '0', password: TRADE_PASSWORD }, 'The amount must be greater than 0'],
      [{ use_number: '-5', password: TRADE_PASSWORD }, 'The amount must be greater than 0'],
      [{ use_number: '1.234', password: TRADE_PASSWORD }, 'The amount can have at most 2 decimal places'],
      [{ use_number: 'ten', password: TRADE_PASSWORD }, 'The amount must be a plain number'],
      [{ use_number: '100.01', password: TRADE_PASSWORD }, 'Available points insufficient'],
      [{ use_number: '10' }, 'Please enter the trade password'],
      [{ use_number: '10', password: '999999' }, 'The trade password is incorrect'],
      [{ use_number: '0.01', password: TRADE_PASSWORD }, 'This amount is too small to receive any HAP'],
    ];
    for (const [body, message] of cases)
      expect(await exchange(user, body)).toEqual({ type: 'error', message });
    expect((await exchange(user, { use_number: '100.01', password: TRADE_PASSWORD }, 'zh')).message).toBe(
      '可用积分不足',
    );
    expect(await holdings(user)).toEqual(before);
    // Without a trade password set, the client is sent to set one.
    const noPassword = await ctx.signedInUser();
    await ctx.post('/api/jc/bind', { user_name: 'p', password: 'q' }, noPassword.token);
    await grantPoints(ctx.prisma, { account: noPassword.account, points: '50', reason: 'test' });
    expect((await exchange(noPassword, { use_number: '10', password: '123456' })).type).toBe('not');
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('lets only one of two concurrent exchanges of the same points through', async () => {
    const user = await boundUser('100');
    const answers = await Promise.all([
      exchange(user, { use_number: '100', password: TRADE_PASSWORD }),
      exchange(user, { use_number: '100', password: TRADE_PASSWORD }),
      exchange(user, { use_number: '60', password: TRADE_PASSWORD }),
    ]);
    const ok = answers.filter((answer) => answer.type === 'ok');
    expect(answers.filter((answer) => answer.type === 'error').length).toBeGreaterThanOrEqual(2);
    expect(ok.length).toBe(1);
    const after = await holdings(user);
    expect(after.exchanges).toBe(1);
    expect(Number(after.points)).toBeGreaterThanOrEqual(0);
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('refuses when the partner pool cannot pay, changing nothing', async () => {
    await writeSetting(ctx.prisma, 'jc_price', '100');
    const user = await boundUser('500');
    const before = await holdings(user);
    expect(await exchange(user, { use_number: '500', password: TRADE_PASSWORD })).toEqual({
      type: 'error',
      message: 'The partner token reserve cannot cover this exchange now, please try later',
    });
    expect(await holdings(user)).toEqual(before);
    await writeSetting(ctx.prisma, 'jc_price', '0.01');
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('shows each user only their own history, paged by 10', async () => {
    const alice = await boundUser('1000');
    const bob = await boundUser('1000');
    for (let index = 0; index < 11; index += 1)
      expect((await exchange(alice, { use_number: '50', password: TRADE_PASSWORD })).type).toBe('ok');
    const first = (await ctx.get('/api/jc/exchange?page=1', alice.token)).body.message;
    const second = (await ctx.get('/api/jc/exchange?page=2', alice.token)).body.message;
    expect([first.data.length, second.data.length, first.total, first.last_page]).toEqual([10, 1, 11, 2]);
    expect((await ctx.get('/api/jc/exchange', bob.token)).body.message.total).toBe(0);
    expect((await ctx.get('/api/jc/exchange?page=abc', bob.token)).body.type).toBe('error');
  });
});

describe('points grants (ops points:grant)', () => {
  it('grants with a reason into the log, and refuses bad amounts and unknown accounts', async () => {
    const user = await ctx.signedInUser();
    expect(
      await grantPoints(ctx.prisma, { account: user.account, points: '12.5', reason: 'campaign' }),
    ).toEqual({
      account: user.account,
      granted: '12.5',
      balance: '12.5',
    });
    const log = await ctx.prisma.pointsLog.findFirstOrThrow({ where: { user_id: user.id } });
    expect(log.reason).toBe('grant: campaign');
    await expect(
      grantPoints(ctx.prisma, { account: user.account, points: '0', reason: 'x' }),
    ).rejects.toThrow();
    await expect(
      grantPoints(ctx.prisma, { account: user.account, points: '1.001', reason: 'x' }),
    ).rejects.toThrow();
    await expect(
      grantPoints(ctx.prisma, { account: 'nobody@x.y', points: '1', reason: 'x' }),
    ).rejects.toThrow();
    await expect(
      grantPoints(ctx.prisma, { account: user.account, points: '1', reason: ' ' }),
    ).rejects.toThrow();
    expect(await ctx.prisma.pointsLog.count({ where: { user_id: user.id } })).toBe(1);
  });
});
