import supertest from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@exchange/kernel/config';
import { SESSION_CACHE_MS } from '../../http/session-cache';
import { useTestContext } from '../../../../../test/harness';
import {
  expectRoleGate,
  signedInOperator,
  signedInOperators,
  type RoleRoute,
  type TestOperator,
  freshCode,
} from '../../../../../test/operators';
import { appealedOrder, legalOf, p2pTrader, TRADE_PASSWORD } from '../../../../../test/p2p';
import type { OperatorRole } from '.';
import { openTotpSecret, sealTotpSecret } from './totp';

const ctx = useTestContext();
let trader: { id: number; account: string; token: string };
let operators: Record<OperatorRole, TestOperator>;
const TRON = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';

beforeAll(async () => {
  trader = await ctx.signedInUser({ tradePassword: TRADE_PASSWORD, kyc: true });
  operators = await signedInOperators(ctx, { enrol: true });
});

const FROZEN =
  'Your funds are frozen: transfers, withdrawals and P2P sales are unavailable. Please contact support';

const FROZEN_TRADING = 'Your funds are frozen: new orders cannot be placed. Please contact support';
const WRONG_TRADE_PASSWORD = 'The trade password is incorrect';
const TOO_MANY = 'Too many attempts, please try again later';

const trailOf = (targetType: string, targetId: number | string) =>
  ctx.prisma.operatorAuditTrail.findMany({
    where: { target_type: targetType, target_id: String(targetId) },
    orderBy: { id: 'asc' },
  });
const spotOf = async (userId: number, currency = 'USDT') => {
  const { available, locked } = await ctx.balance(userId, currency);
  return [available, locked];
};
const freeze = (id: number, frozen: '0' | '1', operator = operators.finance, reason = 'fraud report 42') =>
  ctx.post('/api/admin/users/freeze', { id, frozen, reason, totp_code: freshCode(operator) }, operator.token);

/** This part's calls with their minimum role; bodies pass validation but name nothing, so nothing changes. */
const ROUTES: RoleRoute[] = [
  {
    method: 'GET',
    path: '/api/admin/users/records',
    minimum: 'viewer',
    query: () => `?id=${trader.id}&kind=logs`,
  },
  { method: 'GET', path: '/api/admin/payments', minimum: 'viewer' },
  { method: 'GET', path: '/api/admin/sellers', minimum: 'viewer' },
  { method: 'GET', path: '/api/admin/acceptors', minimum: 'viewer' },
  { method: 'GET', path: '/api/admin/appeals/detail', minimum: 'viewer', query: () => '?id=999999' },
  {
    method: 'POST',
    path: '/api/admin/users/agent',
    minimum: 'support',
    body: { id: '999999', on: '0', reason: 'x' },
  },
  {
    method: 'POST',
    path: '/api/admin/sellers/approve',
    minimum: 'support',
    body: { id: '999999', reason: 'x' },
  },
  {
    method: 'POST',
    path: '/api/admin/sellers/suspend',
    minimum: 'support',
    body: { id: '999999', reason: 'x' },
  },
  {
    method: 'POST',
    path: '/api/admin/users/reset-trade-password',
    minimum: 'support',
    body: { id: '999999', reason: 'x' },
  },
  {
    method: 'POST',
    path: '/api/admin/users/freeze',
    minimum: 'finance',
    body: { id: '999999', frozen: '1', reason: 'x' },
  },
  {
    method: 'POST',
    path: '/api/admin/acceptors/approve',
    minimum: 'finance',
    body: { id: '999999', recharge_rate: '7', cash_rate: '7', reason: 'x' },
  },
  {
    method: 'POST',
    path: '/api/admin/acceptors/status',
    minimum: 'finance',
    body: { id: '999999', status: '0', reason: 'x' },
  },
];

describe('access: every call of this part x every role, a trader token and no token', () => {
  for (const route of ROUTES) {
    it(`${route.method} ${route.path} needs ${route.minimum}`, async () => {
      await expectRoleGate(ctx, route, trader.token, operators);
    });
  }

  it('every route of this part is in the OpenAPI document, none names operators, roles or the trail', async () => {
    const spec = (await ctx.get('/api/openapi.json')).body as { paths: Record<string, unknown> };
    const paths = Object.keys(spec.paths);
    expect(paths).toEqual(expect.arrayContaining(ROUTES.map((route) => route.path)));
    expect(ROUTES.filter((route) => /operator|trail\/|role/.test(route.path))).toEqual([]);
  });
});

describe('frozen funds (finance, with a fresh code)', () => {
  it('refuses bad input with nothing changed', async () => {
    const user = await ctx.signedInUser();
    const finance = operators.finance;
    const cases: [Record<string, string | number>, string][] = [
      [{ id: user.id, frozen: '1', reason: 'x' }, 'Enter the code of your authenticator app'],
      [
        { id: user.id, frozen: '1', reason: 'x', totp_code: '000000' },
        'The two-factor code is wrong or was already used',
      ],
      [{ id: user.id, frozen: '1', totp_code: freshCode(finance) }, 'Please give a reason'],
      [{ id: 999999, frozen: '1', reason: 'x', totp_code: freshCode(finance) }, 'No such record'],
      [
        { id: user.id, frozen: '0', reason: 'x', totp_code: freshCode(finance) },
        'This record was already processed',
      ],
    ];
    for (const [body, message] of cases) {
      expect((await ctx.post('/api/admin/users/freeze', body, finance.token)).body).toEqual({
        type: 'error',
        message,
      });
    }
    for (const bad of [
      { id: -1, frozen: '1' },
      { id: 'abc', frozen: '1' },
      { id: user.id, frozen: '2' },
      {},
    ] as Record<string, string | number>[]) {
      const answer = await ctx.post(
        '/api/admin/users/freeze',
        { ...bad, reason: 'x', totp_code: freshCode(finance) },
        finance.token,
      );
      expect(answer.status).toBe(200);
      expect(answer.body.type).toBe('error');
    }
    expect((await ctx.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).frozen_funds).toBe(0);
    expect(await trailOf('user', user.id)).toEqual([]);
  });

  it('freezes once when two operators race, then refuses transfers, withdrawals and P2P or acceptor sales; unfreezing opens them', async () => {
    const user = await p2pTrader(ctx, '50', 'frozen');
    await ctx.deposit(user.account, 'USDT', '100');
    const other = await signedInOperator(ctx, 'finance');
    const answers = await Promise.all([freeze(user.id, '1'), freeze(user.id, '1', other)]);
    expect(answers.map((answer) => answer.body.type).sort()).toEqual(['error', 'ok']);
    expect(answers.map((answer) => answer.body.message)).toContainEqual('This record was already processed');
    const detail = (await ctx.get(`/api/admin/users/detail?id=${user.id}`, operators.viewer.token)).body
      .message;
    expect(detail.frozen_funds).toBe(1);

    const usdt = await ctx.currencyId('USDT');
    const before = [await spotOf(user.id), await legalOf(ctx, user.id)];
    const transfer = await ctx.post(
      '/api/wallet/change',
      { currency_id: usdt, number: '10', from_field: 'change', to_field: 'legal' },
      user.token,
    );
    expect(transfer.body).toEqual({ type: 'error', message: FROZEN });
    const withdraw = await ctx.post(
      '/api/wallet/out',
      { currency: usdt, number: '20', address: TRON, rate: '0', pay_password: TRADE_PASSWORD },
      user.token,
    );
    expect(withdraw.body).toEqual({ type: 'error', message: FROZEN });
    const sellAd = await ctx.post(
      '/api/c2c_send',
      {
        type: 'sell',
        way: 'bank',
        price: '7.1',
        total_number: '10',
        currency_id: usdt,
        coin_code: 'CNY',
        password: TRADE_PASSWORD,
      },
      user.token,
    );
    expect(sellAd.body).toEqual({ type: 'error', message: FROZEN });
    // Taking someone's buy ad sells the taker's crypto into escrow: refused too.
    const buyer = await p2pTrader(ctx, '0', 'buyer');
    const buyAd = await ctx.post(
      '/api/c2c_send',
      {
        type: 'buy',
        way: 'bank',
        price: '7.1',
        total_number: '5',
        currency_id: usdt,
        coin_code: 'CNY',
        password: TRADE_PASSWORD,
      },
      buyer.token,
    );
    expect(buyAd.body.type).toBe('ok');
    const take = await ctx.post(
      '/api/c2c/do_legal_deal',
      { id: buyAd.body.data.id as number, password: TRADE_PASSWORD },
      user.token,
    );
    expect(take.body).toEqual({ type: 'error', message: FROZEN });
    expect([await spotOf(user.id), await legalOf(ctx, user.id)]).toEqual(before);
    expect(await ctx.prisma.withdrawal.count({ where: { user_id: user.id } })).toBe(0);
    expect(await ctx.prisma.p2pOrder.count({ where: { user_id: user.id } })).toBe(0);

    // Buying and receiving stay open: a frozen user's balance may grow, it may not leave.
    await ctx.deposit(user.account, 'USDT', '1');
    expect(await spotOf(user.id)).toEqual(['101', '0']);

    expect((await freeze(user.id, '0')).body).toEqual({
      type: 'ok',
      message: { id: user.id, frozen_funds: 0 },
    });
    const afterwards = await ctx.post(
      '/api/wallet/out',
      { currency: usdt, number: '20', address: TRON, rate: '0', pay_password: TRADE_PASSWORD },
      user.token,
    );
    expect(afterwards.body.type).toBe('ok');
    const lines = await trailOf('user', user.id);
    expect(lines.map((line) => [line.action, line.before, line.after, line.reason])).toEqual([
      ['user.freeze_funds', { frozen_funds: 0 }, { frozen_funds: 1 }, 'fraud report 42'],
      ['user.unfreeze_funds', { frozen_funds: 1 }, { frozen_funds: 0 }, 'fraud report 42'],
    ]);
    const notices = await ctx.prisma.messageOutbox.findMany({ where: { to: user.account, scene: 'notice' } });
    expect(notices.map((row) => row.body)).toEqual([
      'Your funds were frozen by support: fraud report 42',
      'Your funds were unfrozen',
    ]);
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('a freeze racing withdrawals: each withdrawal either committed before the freeze or was refused', async () => {
    const user = await ctx.signedInUser({ tradePassword: TRADE_PASSWORD });
    await ctx.deposit(user.account, 'USDT', '100');
    const usdt = await ctx.currencyId('USDT');
    const withdrawals = Array.from({ length: 3 }, () =>
      ctx.post(
        '/api/wallet/out',
        { currency: usdt, number: '10', address: TRON, rate: '0', pay_password: TRADE_PASSWORD },
        user.token,
      ),
    );
    const [frozen, ...outs] = await Promise.all([freeze(user.id, '1'), ...withdrawals]);
    expect(frozen.body.type).toBe('ok');
    const accepted = outs.filter((answer) => answer.body.type === 'ok').length;
    expect(
      outs.filter((answer) => answer.body.type !== 'ok').every((answer) => answer.body.message === FROZEN),
    ).toBe(true);
    expect(await ctx.prisma.withdrawal.count({ where: { user_id: user.id } })).toBe(accepted);
    expect(await spotOf(user.id)).toEqual([String(100 - 10 * accepted), String(10 * accepted)]);
    // After the freeze committed, nothing more goes out.
    const late = await ctx.post(
      '/api/wallet/out',
      { currency: usdt, number: '10', address: TRON, rate: '0', pay_password: TRADE_PASSWORD },
      user.token,
    );
    expect(late.body.message).toBe(FROZEN);
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('refuses an acceptor sale of a frozen user', async () => {
    const acceptorUser = await p2pTrader(ctx, '100', 'acceptor');
    const approved = await ctx.post(
      '/api/admin/acceptors/approve',
      {
        id: acceptorUser.id,
        name: 'Frozen test desk',
        recharge_rate: '7.2',
        cash_rate: '7.1',
        recharge_amount: '10000',
        cash_amount: '10000',
        reason: 'kyb done',
        totp_code: freshCode(operators.finance),
      },
      operators.finance.token,
    );
    expect(approved.body.type).toBe('ok');
    const seller = await p2pTrader(ctx, '20', 'deskseller');
    await freeze(seller.id, '1');
    const deal = await ctx.post(
      '/api/acceptor/deal',
      {
        acceptor_id: approved.body.message.id as number,
        type: 'sell',
        way: 'bank',
        mobile: '13800000000',
        deal_account: '6222',
        money: '71',
        password: TRADE_PASSWORD,
      },
      seller.token,
    );
    expect(deal.body).toEqual({ type: 'error', message: FROZEN });
    expect(await legalOf(ctx, seller.id)).toEqual(['20', '0']);
    expect(await ctx.prisma.acceptorDeal.count({ where: { user_id: seller.id } })).toBe(0);
  });
});

describe('a user’s records, agent role and trade-password reset', () => {
  it('refuses new spot, lever and seconds orders while frozen, even with the session cached; unfreezing opens them', async () => {
    const user = await ctx.signedInUser({ tradePassword: TRADE_PASSWORD, kyc: true });
    await ctx.deposit(user.account, 'USDT', '100');
    const [usdt, btc] = [await ctx.currencyId('USDT'), await ctx.currencyId('BTC')];
    const pair = await ctx.prisma.currencyMatch.findFirstOrThrow({
      where: { legal_id: usdt, currency_id: btc },
    });
    // Invalid amounts: an unfrozen user is refused for the amount, a frozen one before anything is read.
    const spot = () =>
      ctx.post(
        '/api/coin/trade',
        { legal_id: usdt, currency_id: btc, type: 1, target_price: '10', amount: '0' },
        user.token,
      );
    const seconds = () =>
      ctx.post(
        '/api/microtrade/submit',
        { match_id: pair.id, currency_id: usdt, seconds: 1, number: '0' },
        user.token,
      );
    const lever = () =>
      ctx.post(
        '/api/lever/submit',
        { legal_id: usdt, currency_id: btc, type: 1, share: 1, password: '' },
        user.token,
      );
    const refusals = async () =>
      [(await spot()).body, (await seconds()).body, (await lever()).body].map((body) => body.message);
    // The order routes' session cache now holds the user as not frozen.
    expect(await refusals()).not.toContain(FROZEN_TRADING);
    const ordersBefore = await ctx.prisma.spotOrder.count({ where: { user_id: user.id } });

    expect((await freeze(user.id, '1')).body.type).toBe('ok');
    expect(await refusals()).toEqual([FROZEN_TRADING, FROZEN_TRADING, FROZEN_TRADING]);
    expect(await ctx.prisma.spotOrder.count({ where: { user_id: user.id } })).toBe(ordersBefore);
    expect(await spotOf(user.id)).toEqual(['100', '0']);

    expect((await freeze(user.id, '0')).body.type).toBe('ok');
    expect(await refusals()).not.toContain(FROZEN_TRADING);
  });

  it('a freeze reaches every API process at once: another one refuses orders it cached the session for', async () => {
    const other = await ctx.anotherApi();
    const user = await ctx.signedInUser({ kyc: true });
    const [usdt, btc] = [await ctx.currencyId('USDT'), await ctx.currencyId('BTC')];
    // An invalid amount: refused for the amount while unfrozen, for the freeze before anything is read.
    const spotThroughOther = () =>
      supertest(other.server)
        .post('/api/coin/trade')
        .set('Authorization', user.token)
        .type('form')
        .send({ legal_id: usdt, currency_id: btc, type: 1, target_price: '10', amount: '0' })
        .then((answer) => answer.body.message as string);
    // The other process's session cache now holds the user as not frozen, for SESSION_CACHE_MS.
    expect(await spotThroughOther()).not.toBe(FROZEN_TRADING);
    expect((await freeze(user.id, '1')).body.type).toBe('ok');
    await expect.poll(spotThroughOther, { timeout: SESSION_CACHE_MS / 5, interval: 50 }).toBe(FROZEN_TRADING);
    expect((await freeze(user.id, '0')).body.type).toBe('ok');
    await expect
      .poll(spotThroughOther, { timeout: SESSION_CACHE_MS / 5, interval: 50 })
      .not.toBe(FROZEN_TRADING);
  });

  it('a trade-password reset lifts the wrong-guess lock: the new password works at once', async () => {
    const user = await ctx.signedInUser({ tradePassword: TRADE_PASSWORD });
    const judge = (password: string) =>
      ctx.post('/api/safe/judge_password', { password }, user.token).then((answer) => answer.body.message);
    for (let guess = 0; guess < 5; guess += 1) expect(await judge('000000')).toBe(WRONG_TRADE_PASSWORD);
    expect(await judge(TRADE_PASSWORD)).toBe(TOO_MANY);
    const support = operators.support;
    const reset = await ctx.post(
      '/api/admin/users/reset-trade-password',
      { id: user.id, reason: 'locked out, identity re-checked', totp_code: freshCode(support) },
      support.token,
    );
    expect(reset.body.type).toBe('ok');
    expect((await ctx.post('/api/sms_mail', { scene: 'trade_password' }, user.token)).body.type).toBe('ok');
    const newPassword = '135790';
    const set = await ctx.post(
      '/api/safe/trade_password',
      {
        password: newPassword,
        re_password: newPassword,
        code: await ctx.latestCode(user.account),
      },
      user.token,
    );
    expect(set.body.type).toBe('ok');
    expect(
      (await ctx.post('/api/safe/judge_password', { password: newPassword }, user.token)).body.type,
    ).toBe('ok');
  });

  it('pages the account log, spot orders, lever positions and seconds orders; refuses a bad kind', async () => {
    const user = await ctx.signedInUser();
    for (const amount of ['1', '2', '3']) await ctx.deposit(user.account, 'USDT', amount);
    const viewer = operators.viewer.token;
    const first = (await ctx.get(`/api/admin/users/records?id=${user.id}&kind=logs&limit=2`, viewer)).body
      .message;
    expect(first.total).toBe(3);
    expect(first.list.map((row: { delta: string }) => row.delta)).toEqual(['3', '2']);
    // Each line names its type as the trader's log does, in the operator's language, not as a code.
    expect(first.list.map((row: { info: string }) => row.info)).toEqual(['Deposit', 'Deposit']);
    const inChinese = await ctx.http
      .get(`/api/admin/users/records?id=${user.id}&kind=logs&limit=1`)
      .set('Authorization', viewer)
      .set('lang', 'zh');
    expect(inChinese.body.message.list[0].info).toBe('充值');
    const second = (await ctx.get(`/api/admin/users/records?id=${user.id}&kind=logs&limit=2&page=2`, viewer))
      .body.message;
    expect(second.list.map((row: { delta: string }) => row.delta)).toEqual(['1']);
    for (const kind of ['spot', 'lever', 'micro']) {
      expect(
        (await ctx.get(`/api/admin/users/records?id=${user.id}&kind=${kind}`, viewer)).body.message,
      ).toEqual({
        total: 0,
        list: [],
      });
    }
    for (const bad of [
      `id=${user.id}&kind=wallets`,
      `id=${user.id}`,
      'id=999999&kind=logs',
      'id=-4&kind=logs',
    ]) {
      const answer = await ctx.get(`/api/admin/users/records?${bad}`, viewer);
      expect(answer.status).toBe(200);
      expect(answer.body.type).toBe('error');
    }
    const detail = (await ctx.get(`/api/admin/users/detail?id=${user.id}`, viewer)).body.message;
    expect(detail).toMatchObject({
      frozen_funds: 0,
      trade_password_set: false,
      agent: null,
      shops: [],
      open_micro: 0,
    });
  });

  it('makes a user a regional agent and ends it (support), with the trail', async () => {
    const user = await ctx.signedInUser();
    const support = operators.support.token;
    const missingCity = await ctx.post(
      '/api/admin/users/agent',
      { id: user.id, on: '1', reason: 'new office' },
      support,
    );
    expect(missingCity.body.message).toBe('city is required');
    const noReason = await ctx.post(
      '/api/admin/users/agent',
      { id: user.id, on: '1', city: 'Shenzhen' },
      support,
    );
    expect(noReason.body.message).toBe('Please give a reason');
    const made = await ctx.post(
      '/api/admin/users/agent',
      { id: user.id, on: '1', city: 'Shenzhen', district: 'Futian', reason: 'new office' },
      support,
    );
    expect(made.body.message).toEqual({
      id: user.id,
      agent: { city_name: 'Shenzhen', district_name: 'Futian' },
    });
    const agentCall = await ctx.get('/api/user/region_users?page=1', user.token);
    expect(agentCall.body.type).toBe('ok');
    const ended = await ctx.post('/api/admin/users/agent', { id: user.id, on: '0', reason: 'left' }, support);
    expect(ended.body.message).toEqual({ id: user.id, agent: null });
    expect(
      (await ctx.post('/api/admin/users/agent', { id: user.id, on: '0', reason: 'left' }, support)).body
        .message,
    ).toBe('This record was already processed');
    expect((await trailOf('user', user.id)).map((line) => [line.action, line.before, line.after])).toEqual([
      ['user.agent_assign', { agent: null }, { agent: { city_name: 'Shenzhen', district_name: 'Futian' } }],
      ['user.agent_end', { agent: { city_name: 'Shenzhen', district_name: 'Futian' } }, { agent: null }],
    ]);
  });

  it('resets a trader’s trade password with the operator’s code: the next withdrawal asks to set one', async () => {
    const user = await ctx.signedInUser({ tradePassword: TRADE_PASSWORD });
    await ctx.deposit(user.account, 'USDT', '50');
    const support = operators.support;
    const body = { id: user.id, reason: 'lost phone, identity re-checked' };
    expect((await ctx.post('/api/admin/users/reset-trade-password', body, support.token)).body.message).toBe(
      'Enter the code of your authenticator app',
    );
    const unenrolled = await signedInOperator(ctx, 'support');
    expect(
      (
        await ctx.post(
          '/api/admin/users/reset-trade-password',
          { ...body, totp_code: '123456' },
          unenrolled.token,
        )
      ).body.message,
    ).toBe('Set up two-factor authentication first');
    const answers = await Promise.all(
      [1, 2].map(() =>
        ctx.post(
          '/api/admin/users/reset-trade-password',
          { ...body, totp_code: freshCode(support) },
          support.token,
        ),
      ),
    );
    expect(answers.map((answer) => answer.body.type).sort()).toEqual(['error', 'ok']);
    expect(
      (await ctx.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).trade_password_hash,
    ).toBeNull();
    const out = await ctx.post(
      '/api/wallet/out',
      {
        currency: await ctx.currencyId('USDT'),
        number: '10',
        address: TRON,
        rate: '0',
        pay_password: TRADE_PASSWORD,
      },
      user.token,
    );
    expect(out.body.type).toBe('not');
    expect(await spotOf(user.id)).toEqual(['50', '0']);
    expect((await trailOf('user', user.id)).map((line) => [line.action, line.before, line.after])).toEqual([
      ['user.trade_password_reset', { trade_password_set: true }, { trade_password_set: false }],
    ]);
  });
});

describe('P2P parties: sellers, acceptors, appeal detail', () => {
  it('approves a seller (support): the shop opens, is_seller turns on; suspends it again', async () => {
    const user = await p2pTrader(ctx, '0', 'shop');
    const support = operators.support.token;
    expect(
      (await ctx.post('/api/admin/sellers/approve', { id: user.id, currency: 'NOPE', reason: 'x' }, support))
        .body.message,
    ).toBe('This currency does not exist');
    const approved = await ctx.post(
      '/api/admin/sellers/approve',
      { id: user.id, name: 'Good Shop', reason: 'volume' },
      support,
    );
    expect(approved.body.message).toMatchObject({
      account: user.account,
      currency: 'USDT',
      name: 'Good Shop',
      status: 1,
    });
    const again = await ctx.post('/api/admin/sellers/approve', { id: user.id, reason: 'volume' }, support);
    expect(again.body.message).toBe('This record was already processed');
    expect((await ctx.get('/api/user/info', user.token)).body.message.is_seller).toBe(1);
    const list = (await ctx.get('/api/admin/sellers', operators.viewer.token)).body.message;
    const row = list.list.find((seller: { user_id: number }) => seller.user_id === user.id);
    expect(row).toMatchObject({ name: 'Good Shop', status: 1, currency: 'USDT' });
    expect((await ctx.post('/api/admin/sellers/suspend', { id: row.id }, support)).body.message).toBe(
      'Please give a reason',
    );
    const suspended = await ctx.post(
      '/api/admin/sellers/suspend',
      { id: row.id, reason: 'complaints' },
      support,
    );
    expect(suspended.body.message).toEqual({ id: row.id, status: 0 });
    expect((await ctx.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).is_seller).toBe(0);
    expect((await trailOf('p2p_seller', row.id)).map((line) => line.action)).toEqual([
      'seller.approve',
      'seller.suspend',
    ]);
  });

  it('approves an acceptor (finance) and suspends it: a suspended acceptor is not listed', async () => {
    const user = await p2pTrader(ctx, '10', 'desk');
    const finance = operators.finance;
    const base = { id: user.id, name: 'Desk', recharge_rate: '7.2', cash_rate: '7.1', reason: 'kyb' };
    for (const bad of [
      { recharge_rate: '-1' },
      { cash_rate: '0' },
      { cash_rate: '1.123456789' },
      { recharge_amount: 'abc' },
    ] as Record<string, string>[]) {
      const answer = await ctx.post(
        '/api/admin/acceptors/approve',
        { ...base, ...bad, totp_code: freshCode(finance) },
        finance.token,
      );
      expect(answer.body.type).toBe('error');
    }
    expect(await ctx.prisma.acceptor.count({ where: { user_id: user.id } })).toBe(0);
    const approved = await ctx.post(
      '/api/admin/acceptors/approve',
      { ...base, cash_amount: '5000', totp_code: freshCode(finance) },
      finance.token,
    );
    expect(approved.body.type).toBe('ok');
    const id = approved.body.message.id as number;
    const listed = async () =>
      ((await ctx.get('/api/acceptor/list')).body.message as { id?: number; user_id?: number }[]).some(
        (row) => row.user_id === user.id || row.id === id,
      );
    expect(await listed()).toBe(true);
    const suspend = await ctx.post(
      '/api/admin/acceptors/status',
      { id, status: '0', reason: 'audit', totp_code: freshCode(finance) },
      finance.token,
    );
    expect(suspend.body.message).toEqual({ id, status: 0 });
    expect(await listed()).toBe(false);
    const resume = await ctx.post(
      '/api/admin/acceptors/status',
      { id, status: '1', reason: 'cleared', totp_code: freshCode(finance) },
      finance.token,
    );
    expect(resume.body.message).toEqual({ id, status: 1 });
    expect((await trailOf('acceptor', id)).map((line) => line.action)).toEqual([
      'acceptor.approve',
      'acceptor.suspend',
      'acceptor.resume',
    ]);
    const board = (await ctx.get('/api/admin/acceptors', operators.viewer.token)).body.message;
    expect(board.find((row: { id: number }) => row.id === id)).toMatchObject({
      cash_rate: '7.1',
      cash_amount: '5000',
      status: 1,
    });
  });

  it('shows an appeal with both parties, the appellant’s statement and the payment details', async () => {
    const { seller, buyer, orderId } = await appealedOrder(ctx, '12');
    const detail = (await ctx.get(`/api/admin/appeals/detail?id=${orderId}`, operators.viewer.token)).body
      .message;
    expect(detail).toMatchObject({ id: orderId, number: '12', appeal_state: 1, appeal_by: buyer.id });
    const [taker, owner] = detail.parties;
    expect(taker).toMatchObject({
      account: buyer.account,
      pays_fiat: true,
      messages: [{ kind: 'appeal', text: 'no release' }],
    });
    expect(owner).toMatchObject({ account: seller.account, pays_fiat: false, messages: [] });
    expect(owner.cash_info.bank_account).not.toBe('');
    // The other party answers; the operator reads both statements in order, each with who wrote it.
    const answered = await ctx.post(
      '/api/c2c/appeal_message',
      { id: orderId, message: 'nothing arrived' },
      seller.token,
    );
    expect(answered.body.type).toBe('ok');
    const after = (await ctx.get(`/api/admin/appeals/detail?id=${orderId}`, operators.viewer.token)).body
      .message;
    expect(after.messages).toMatchObject([
      { kind: 'appeal', text: 'no release', role: 'buyer', party: 'taker', account: buyer.account },
      {
        kind: 'statement',
        text: 'nothing arrived',
        role: 'seller',
        party: 'ad_owner',
        account: seller.account,
      },
    ]);
    expect(after.parties[1].messages).toMatchObject([{ kind: 'statement', text: 'nothing arrived' }]);
    expect((await ctx.get('/api/admin/appeals/detail?id=999999', operators.viewer.token)).body.message).toBe(
      'No such record',
    );
  });
});

describe('the payment channel’s records', () => {
  it('lists the sandbox orders, newest first, filtered by status', async () => {
    const user = await ctx.signedInUser();
    const usdt = await ctx.currencyId('USDT');
    const made = await ctx.post(
      '/api/wallet/charge_req_pay',
      { amount: '25', pay_type: 1, currency: usdt },
      user.token,
    );
    expect(made.body.type).toBe('ok');
    const viewer = operators.viewer.token;
    const pending = (await ctx.get('/api/admin/payments?status=0', viewer)).body.message;
    expect(pending.list[0]).toMatchObject({
      account: user.account,
      amount: '25',
      status: 0,
      deposit_id: null,
      provider: 'sandbox',
    });
    const paid = (await ctx.get('/api/admin/payments?status=1', viewer)).body.message;
    expect(paid.list.some((row: { account: string }) => row.account === user.account)).toBe(false);
    for (const bad of ['status=7', 'status=abc', 'page=0']) {
      expect((await ctx.get(`/api/admin/payments?${bad}`, viewer)).body.type).toBe('error');
    }
  });
});

describe('operators’ two-factor secrets at rest', () => {
  it('are sealed (AES-256-GCM) and bound to their row; a plain legacy secret still works', async () => {
    const finance = operators.finance;
    const row = await ctx.prisma.operator.findUniqueOrThrow({ where: { id: finance.id } });
    expect(row.totp_secret).toMatch(/^v1:/);
    expect(row.totp_secret).not.toContain(finance.secret ?? '');
    // A sealed secret copied to another operator's row does not open there.
    const other = await signedInOperator(ctx, 'finance');
    await ctx.prisma.operator.update({ where: { id: other.id }, data: { totp_secret: row.totp_secret } });
    const user = await ctx.signedInUser();
    await expect(
      ctx.post(
        '/api/admin/users/freeze',
        { id: user.id, frozen: '1', reason: 'x', totp_code: freshCode(finance) },
        other.token,
      ),
    ).resolves.toMatchObject({ body: { type: 'error' } });
    expect((await ctx.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).frozen_funds).toBe(0);
    // A row enrolled before sealing existed (plain base32) is read as it is.
    await ctx.prisma.operator.update({ where: { id: other.id }, data: { totp_secret: other.secret } });
    expect((await freeze(user.id, '1', other)).body.type).toBe('ok');
  });
});

describe('the sealing key', () => {
  it('is required in production, and a secret sealed under one key does not open under another', () => {
    const production = { NODE_ENV: 'production', APP_SECRET: 'a-private-app-secret-for-tests' };
    expect(() => loadConfig(production)).toThrow(/OPERATOR_TOTP_KEY/);
    expect(() => loadConfig({ ...production, OPERATOR_TOTP_KEY: 'too-short' })).toThrow(/OPERATOR_TOTP_KEY/);
    const key = 'k'.repeat(40);
    expect(loadConfig({ ...production, OPERATOR_TOTP_KEY: key }).OPERATOR_TOTP_KEY).toBe(key);
    const sealed = sealTotpSecret(key, 7, 'JBSWY3DPEHPK3PXP');
    expect(openTotpSecret(key, 7, sealed)).toBe('JBSWY3DPEHPK3PXP');
    expect(() => openTotpSecret('x'.repeat(40), 7, sealed)).toThrow(/does not open/);
    expect(() => openTotpSecret(key, 8, sealed)).toThrow(/does not open/);
  });
});
