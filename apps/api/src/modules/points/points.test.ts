import { beforeAll, describe, expect, it } from 'vitest';
import { Money } from '@exchange/kernel/ledger';
import { useTestContext, type TestContext } from '../../../../../test/harness';
import { writeSetting } from '../system';
import { createSandboxPartner, SANDBOX_PASSWORD } from './partner-sandbox';

/** The points exchange with the sandbox partner (the default outside production), through HTTP. */
const ctx = useTestContext();
let hap: number;
const TRADE_PASSWORD = '246810';

beforeAll(async () => {
  hap = await ctx.currencyId('HAP');
  // The partner token's reserve, funded as an operator does with `ops house:fund`.
  await ctx.fundHouse('partner_pool', 'HAP', '1000');
});

type User = Awaited<ReturnType<TestContext['signedInUser']>>;
let partnerAccounts = 0;

/** Sets what a sandbox partner account holds, as the partner's own books would. */
const partnerHolds = (userName: string, points: string) =>
  ctx.prisma.pointsSandboxAccount.update({ where: { user_name: userName }, data: { points } });

const partnerPoints = async (userName: string) =>
  (await ctx.prisma.pointsSandboxAccount.findUnique({ where: { user_name: userName } }))?.points.toFixed() ??
  'none';

/** A signed-in user bound to a fresh sandbox partner account holding `points` (its opening points if not given). */
async function boundUser(points?: string): Promise<User & { partner: string }> {
  const user = await ctx.signedInUser({ tradePassword: TRADE_PASSWORD });
  partnerAccounts += 1;
  const partner = `partner-${partnerAccounts}`;
  const bound = await ctx.post(
    '/api/jc/bind',
    { user_name: partner, password: SANDBOX_PASSWORD },
    user.token,
  );
  expect(bound.body).toEqual({ type: 'ok', message: 'Bound your Sandbox partner account' });
  if (points) await partnerHolds(partner, points);
  return { ...user, partner };
}

/** What a user holds of everything a points exchange touches, at the partner and here. */
async function holdings(user: User & { partner: string }) {
  const [points, wallet, exchanges] = await Promise.all([
    partnerPoints(user.partner),
    ctx.balance(user.id, hap),
    ctx.prisma.jcExchange.groupBy({ by: ['status'], where: { user_id: user.id }, _count: true }),
  ]);
  return {
    points,
    hap: wallet.available,
    exchanges: Object.fromEntries(exchanges.map((row) => [row.status, row._count])),
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
  it('binds an account the partner accepts, keeps no password, and tells how to sign in to the sandbox', async () => {
    const user = await ctx.signedInUser();
    expect((await ctx.get('/api/jc/bind', user.token)).body).toEqual({
      type: 'ok',
      message: {
        user_name: '',
        partner: 'Sandbox partner',
        sandbox: { password: SANDBOX_PASSWORD, opening_points: '10000' },
      },
    });
    const bound = await ctx.post(
      '/api/jc/bind',
      { user_name: ' trader-7 ', password: SANDBOX_PASSWORD },
      user.token,
    );
    expect(bound.body).toEqual({ type: 'ok', message: 'Bound your Sandbox partner account' });
    expect((await ctx.get('/api/jc/bind', user.token)).body.message.user_name).toBe('trader-7');
    const stored = await ctx.prisma.jcBinding.findUniqueOrThrow({ where: { user_id: user.id } });
    expect(stored).toMatchObject({ user_name: 'trader-7', partner_account: 'trader-7' });
    // The password went to the partner only.
    expect(Object.keys(stored).sort()).toEqual([
      'created_at',
      'partner_account',
      'updated_at',
      'user_id',
      'user_name',
    ]);
    // The sandbox opened the account with its opening points, which the info call reads from it.
    expect(await partnerPoints('trader-7')).toBe('10000');
    // Re-binding replaces the account.
    await ctx.post('/api/jc/bind', { user_name: 'trader-8', password: SANDBOX_PASSWORD }, user.token);
    expect((await ctx.get('/api/jc/bind', user.token)).body.message.user_name).toBe('trader-8');
  });

  it('refuses a login the partner refuses and an account another user bound, changing nothing', async () => {
    const alice = await boundUser();
    const bob = await ctx.signedInUser();
    const bind = (body: Record<string, string>, lang = 'en') =>
      ctx.http.post('/api/jc/bind').type('form').set('Authorization', bob.token).set('lang', lang).send(body);
    expect((await bind({ user_name: 'bob-partner', password: 'wrong' })).body).toEqual({
      type: 'error',
      message: 'The points partner refused this account name or password',
    });
    expect((await bind({ user_name: 'bob-partner', password: 'wrong' }, 'zh')).body.message).toBe(
      '积分合作方拒绝了该账号或密码',
    );
    expect(await partnerPoints('bob-partner')).toBe('none');
    // Alice's partner account, with its right password, stays hers.
    expect((await bind({ user_name: alice.partner, password: SANDBOX_PASSWORD })).body).toEqual({
      type: 'error',
      message: 'This partner account is bound to another user',
    });
    expect(await ctx.prisma.jcBinding.count({ where: { user_id: bob.id } })).toBe(0);
    // Bound to an account of his own, Bob still cannot take Alice's by re-binding.
    await bind({ user_name: 'bob-partner', password: SANDBOX_PASSWORD });
    expect((await bind({ user_name: alice.partner, password: SANDBOX_PASSWORD })).body.type).toBe('error');
    expect((await ctx.get('/api/jc/bind', bob.token)).body.message.user_name).toBe('bob-partner');
    expect((await ctx.get('/api/jc/bind', alice.token)).body.message.user_name).toBe(alice.partner);
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
    expect((await exchange(user, { use_number: '10', password: TRADE_PASSWORD })).message).toBe(
      'Please bind your partner account first',
    );
    expect(await ctx.prisma.jcExchange.count({ where: { user_id: user.id } })).toBe(0);
  });

  it('exchanges points taken from the partner for the token at the configured terms, audit clean', async () => {
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
      partner: 'Sandbox partner',
    });
    const answer = await exchange(user, { use_number: '333.33', password: TRADE_PASSWORD });
    // fee = 333.33 × 0.02 = 6.6666 -> 6.67 (paid, rounded up); tokens = 326.66 × 0.05 / 1.25 = 13.0664.
    expect(answer).toEqual({ type: 'ok', message: 'Exchanged 333.33 points for 13.0664 HAP' });
    expect(await holdings(user)).toEqual({ points: '667.17', hap: '13.0664', exchanges: { 1: 1 } });
    const [row] = await ctx.prisma.jcExchange.findMany({ where: { user_id: user.id } });
    // The partner took the points once, under the exchange's reference.
    expect(
      await ctx.prisma.pointsSandboxDebit.findMany({ where: { user_name: user.partner } }),
    ).toMatchObject([{ reference: `jc-exchange-${row?.id}`, outcome: 'debited' }]);
    expect((await ctx.get('/api/jc/info', user.token)).body.message.jc_integral).toBe('667.17');
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
      status: 1,
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
    expect(await ctx.prisma.pointsSandboxDebit.count({ where: { user_name: user.partner } })).toBe(0);
    // Without a trade password set, the client is sent to set one.
    const noPassword = await ctx.signedInUser();
    await ctx.post(
      '/api/jc/bind',
      { user_name: 'no-trade-pw', password: SANDBOX_PASSWORD },
      noPassword.token,
    );
    expect((await exchange(noPassword, { use_number: '10', password: '123456' })).type).toBe('not');
    expect(await partnerPoints('no-trade-pw')).toBe('10000');
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('lets only one of concurrent exchanges of the same points through, the partner taking them once', async () => {
    const user = await boundUser('100');
    const answers = await Promise.all([
      exchange(user, { use_number: '100', password: TRADE_PASSWORD }),
      exchange(user, { use_number: '100', password: TRADE_PASSWORD }),
      exchange(user, { use_number: '60', password: TRADE_PASSWORD }),
    ]);
    const ok = answers.filter((answer) => answer.type === 'ok');
    expect(ok.length).toBe(1);
    expect(answers.filter((answer) => answer.message === 'Available points insufficient').length).toBe(2);
    const done = await ctx.prisma.jcExchange.findFirstOrThrow({ where: { user_id: user.id, status: 1 } });
    const after = await holdings(user);
    // What the partner still holds and what was exchanged add up to what it held; the tokens are that one's.
    expect(new Money(after.points).plus(done.integral.toFixed()).toFixed()).toBe('100');
    expect(after.hap).toBe(new Money(done.exchange_num.toFixed()).toFixed());
    expect(after.exchanges[0]).toBeUndefined();
    const debits = await ctx.prisma.pointsSandboxDebit.findMany({ where: { user_name: user.partner } });
    expect(debits.filter((debit) => debit.outcome === 'debited').length).toBe(1);
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('takes points once per reference at the sandbox, however often it is asked', async () => {
    const user = await boundUser('100');
    const sandbox = createSandboxPartner(ctx.app.pg, 'Sandbox partner');
    const asked = await Promise.all(
      Array.from({ length: 3 }, () => sandbox.debit(user.partner, new Money('30'), 'test-reference-1')),
    );
    expect(asked).toEqual(['debited', 'debited', 'debited']);
    expect(await partnerPoints(user.partner)).toBe('70');
    expect(await sandbox.debit(user.partner, new Money('80'), 'test-reference-2')).toBe('insufficient');
    expect(await sandbox.debit(user.partner, new Money('80'), 'test-reference-2')).toBe('insufficient');
    expect(await partnerPoints(user.partner)).toBe('70');
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
    // Each exchange took points from the exchanging user's own partner account only.
    expect([await partnerPoints(alice.partner), await partnerPoints(bob.partner)]).toEqual(['450', '1000']);
    expect((await ctx.get('/api/jc/exchange?page=abc', bob.token)).body.type).toBe('error');
  });
});
