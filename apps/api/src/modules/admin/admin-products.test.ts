import supertest from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestContext } from '../../../../../test/harness';
import {
  expectRoleGate,
  FORBIDDEN,
  SIGN_IN_REQUIRED,
  signedInOperator,
  signedInOperators,
  type RoleRoute,
  type TestOperator,
} from '../../../../../test/operators';
import type { OperatorRole } from '.';

const ctx = useTestContext();
let trader: { id: number; account: string; token: string };
let operators: Record<OperatorRole, TestOperator>;
let usdt: number;
let btc: number;
let btcUsdt: number;

beforeAll(async () => {
  trader = await ctx.signedInUser({ tradePassword: '246810', kyc: true });
  operators = await signedInOperators(ctx);
  [usdt, btc] = await ctx.currencyIds('USDT', 'BTC');
  btcUsdt = (
    await ctx.prisma.currencyMatch.findUniqueOrThrow({
      where: { legal_id_currency_id: { legal_id: usdt, currency_id: btc } },
    })
  ).id;
  await ctx.startMatcher();
});

type Body = Record<string, string | number>;
const send = (method: 'GET' | 'POST', path: string, body: Body, token?: string) =>
  (method === 'GET' ? ctx.get(path, token) : ctx.post(path, body, token)).then((answer) => answer.body);
const asAdmin = (path: string, body: Body = {}) => send('POST', path, body, operators.admin.token);
const read = (path: string, role: OperatorRole = 'viewer') => send('GET', path, {}, operators[role].token);
const trailOf = (targetType: string, targetId: number | string) =>
  ctx.prisma.operatorAuditTrail.findMany({
    where: { target_type: targetType, target_id: String(targetId) },
    orderBy: { id: 'asc' },
  });
const trailCount = () => ctx.prisma.operatorAuditTrail.count();

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const upload = (token: string | undefined, content: Buffer, name = 'banner.png') => {
  const request = ctx.http.post('/api/admin/products/banners/upload');
  if (token) void request.set('Authorization', token);
  return request
    .attach('file', content, name)
    .then((answer) => answer.body as { type: string; message: { url: string } });
};

/**
 * Every call of this part with its minimum role; bodies that pass validation but name nothing (or change
 * nothing an allowed role cannot undo), so an allowed role reaches the call's own checks.
 */
const ROUTES: RoleRoute[] = [
  { method: 'GET', path: '/api/admin/products/pairs', minimum: 'viewer' },
  { method: 'GET', path: '/api/admin/products/seconds', minimum: 'viewer' },
  { method: 'GET', path: '/api/admin/products/savings', minimum: 'viewer' },
  { method: 'GET', path: '/api/admin/products/insurance', minimum: 'viewer' },
  { method: 'GET', path: '/api/admin/products/settings', minimum: 'viewer' },
  { method: 'GET', path: '/api/admin/products/banners', minimum: 'viewer' },
  {
    method: 'POST',
    path: '/api/admin/products/banners/save',
    minimum: 'support',
    body: { id: 999999, lang: 'en', title: 'x', cover: '/banners/banner-1.svg' },
  },
  { method: 'POST', path: '/api/admin/products/banners/upload', minimum: 'support' },
  {
    method: 'POST',
    path: '/api/admin/products/pairs/save',
    minimum: 'admin',
    body: { id: 999999, maker_fee: '0' },
  },
  {
    method: 'POST',
    path: '/api/admin/products/pairs/lever',
    minimum: 'admin',
    body: { id: 999999, spread: '0' },
  },
  {
    method: 'POST',
    path: '/api/admin/products/pairs/micro',
    minimum: 'admin',
    body: { id: 999999, micro_price_window_seconds: 10 },
  },
  {
    method: 'POST',
    path: '/api/admin/products/seconds/save',
    minimum: 'admin',
    body: { id: 999999, seconds: 30, profit_ratio: '80', min_amount: '0', max_amount: '0' },
  },
  {
    method: 'POST',
    path: '/api/admin/products/savings/save',
    minimum: 'admin',
    body: { id: 999999, currency: 'USDT', day: 7, rate: '1', save_min: '1' },
  },
  {
    method: 'POST',
    path: '/api/admin/products/insurance/save',
    minimum: 'admin',
    body: {
      id: 999999,
      currency: 'HAP',
      name: 'x',
      min_quantity: 1,
      max_quantity: 1,
      unit_amount: '1',
      premium_rate: '0.1',
      claim_rate: '0.5',
    },
  },
  {
    method: 'POST',
    path: '/api/admin/products/settings/save',
    minimum: 'admin',
    body: { key: 'no_such_setting', value: '1' },
  },
];

describe('access: every call x every role, a trader token and no token', () => {
  for (const route of ROUTES) {
    it(`${route.method} ${route.path} needs ${route.minimum}`, async () => {
      const before = await trailCount();
      for (const { role, answer } of await expectRoleGate(ctx, route, trader.token, operators)) {
        if (route.method === 'GET') expect(answer.type).toBe('ok');
        else expect(answer.type, `${role} on ${route.path}: ${JSON.stringify(answer)}`).toBe('error');
      }
      // The bodies name nothing: no role changed anything.
      expect(await trailCount()).toBe(before);
    });
  }

  it('lists every /api/admin/products call in the table above', async () => {
    const spec = (await ctx.get('/api/openapi.json')).body as { paths: Record<string, unknown> };
    const mine = Object.keys(spec.paths).filter((path) => path.startsWith('/api/admin/products/'));
    expect(mine.sort()).toEqual([...new Set(ROUTES.map((route) => route.path))].sort());
  });

  it('refuses an image upload from a trader and a viewer, and stores nothing', async () => {
    expect(await upload(undefined, PNG)).toEqual(SIGN_IN_REQUIRED);
    expect(await upload(trader.token, PNG)).toEqual(SIGN_IN_REQUIRED);
    expect(await upload(operators.viewer.token, PNG)).toEqual(FORBIDDEN);
    expect(await ctx.prisma.operatorAuditTrail.count({ where: { action: 'banner.image' } })).toBe(0);
  });
});

const pairRow = () => ctx.prisma.currencyMatch.findUniqueOrThrow({ where: { id: btcUsdt } });
const quotation = async (pairId: number) => {
  const groups = (await ctx.get('/api/currency/quotation_new')).body.message as {
    quotation: { id: number; maker_fee: string; taker_fee: string; price_decimals: number }[];
  }[];
  return groups.flatMap((group) => group.quotation).find((row) => row.id === pairId);
};
const spot = async (userId: number, currencyId: number) => (await ctx.balance(userId, currencyId)).available;
const order = (token: string, type: 1 | 2, target_price: string, amount: string) =>
  ctx.post('/api/coin/trade', { legal_id: usdt, currency_id: btc, type, target_price, amount }, token);

describe('pairs: fees, minimum and precisions', () => {
  it('lists every pair with its settings, lever options and live orders', async () => {
    const answer = await read('/api/admin/products/pairs');
    expect(answer.type).toBe('ok');
    expect(answer.message.find((pair: { id: number }) => pair.id === btcUsdt)).toMatchObject({
      symbol: 'BTC/USDT',
      maker_fee: '0.001',
      taker_fee: '0.002',
      price_decimals: 2,
      amount_decimals: 5,
      open_orders: expect.any(Number),
      lever: { lever_trade_fee: '0.1', spread: '0.02', multiples: expect.any(Array) },
    });
  });

  it('changes the taker fee: the public list shows it and the running matcher charges it', async () => {
    const seller = await ctx.signedInUser();
    const buyer = await ctx.signedInUser();
    await ctx.deposit(seller.account, 'BTC', '1');
    await ctx.deposit(buyer.account, 'USDT', '1000');
    // Before: the seeded 0.2 % taker fee on the 0.1 BTC the buyer receives.
    expect((await order(seller.token, 2, '100', '0.1')).body.type).toBe('ok');
    expect((await order(buyer.token, 1, '100', '0.1')).body.order).toMatchObject({ state: 'filled' });
    expect(await spot(buyer.id, btc)).toBe('0.0998');

    const saved = await asAdmin('/api/admin/products/pairs/save', { id: btcUsdt, taker_fee: '0.005' });
    expect(saved).toMatchObject({
      type: 'ok',
      message: { id: btcUsdt, taker_fee: '0.005', maker_fee: '0.001' },
    });
    expect(await quotation(btcUsdt)).toMatchObject({ taker_fee: '0.005', maker_fee: '0.001' });

    // After, with the same matcher still running: 0.5 % of 0.1 BTC.
    expect((await order(seller.token, 2, '100', '0.1')).body.type).toBe('ok');
    expect((await order(buyer.token, 1, '100', '0.1')).body.order).toMatchObject({ state: 'filled' });
    expect(await spot(buyer.id, btc)).toBe('0.1993');

    const [line] = await trailOf('pair', btcUsdt);
    expect(line).toMatchObject({
      action: 'pair.settings',
      operator_id: operators.admin.id,
      before: expect.objectContaining({ taker_fee: '0.002' }),
      after: expect.objectContaining({ taker_fee: '0.005' }),
    });
    expect((await ctx.audit()).ok).toBe(true);
    await asAdmin('/api/admin/products/pairs/save', { id: btcUsdt, taker_fee: '0.002' });
  });

  it('raises the minimum: the very next order below it is refused (the spot area forgets its cached pair)', async () => {
    const unfunded = await ctx.signedInUser();
    const minimum = (await pairRow()).min_amount.toFixed();
    // Reads the pair into this process's cache; the matcher refuses it for the funds, past the minimum.
    expect((await order(unfunded.token, 1, '100', '0.01')).body.message).not.toMatch(/minimum/i);
    expect(
      await asAdmin('/api/admin/products/pairs/save', { id: btcUsdt, min_amount: '0.05' }),
    ).toMatchObject({
      type: 'ok',
    });
    try {
      expect((await order(unfunded.token, 1, '100', '0.01')).body).toEqual({
        type: 'error',
        message: expect.stringContaining('0.05'),
      });
    } finally {
      await asAdmin('/api/admin/products/pairs/save', { id: btcUsdt, min_amount: minimum });
    }
  });

  it('refuses bad input with an envelope and changes nothing', async () => {
    const before = await pairRow();
    const lines = await trailCount();
    const refused: [Body, RegExp][] = [
      [{ id: btcUsdt, maker_fee: '-0.001' }, /maker_fee/],
      [{ id: btcUsdt, maker_fee: '1' }, /maker_fee/],
      [{ id: btcUsdt, taker_fee: '0.000000001' }, /taker_fee/],
      [{ id: btcUsdt, taker_fee: 'abc' }, /taker_fee/],
      [{ id: btcUsdt, taker_fee: '1e-3' }, /taker_fee/],
      [{ id: btcUsdt, price_decimals: 13 }, /price_decimals/],
      [{ id: btcUsdt, amount_decimals: -1 }, /amount_decimals/],
      [{ id: btcUsdt, price_decimals: '1.5' }, /price_decimals/],
      [{ id: btcUsdt, price_decimals: 12, amount_decimals: 8 }, /price_decimals \+ amount_decimals/],
      [{ id: btcUsdt, amount_decimals: 12 }, /amount_decimals/],
      [{ id: btcUsdt, min_amount: '-1' }, /min_amount/],
      [{ id: btcUsdt }, /maker_fee/],
      [{ maker_fee: '0.001' }, /./],
      [{ id: 999999, maker_fee: '0.001' }, /No such record/],
      [{ id: 'abc', maker_fee: '0.001' }, /./],
    ];
    for (const [body, message] of refused) {
      const answer = await asAdmin('/api/admin/products/pairs/save', body);
      expect(answer.type, JSON.stringify(body)).toBe('error');
      expect(answer.message, JSON.stringify(body)).toMatch(message);
    }
    expect(await pairRow()).toEqual(before);
    expect(await trailCount()).toBe(lines);
  });

  it('re-grids the live book for a finer precision, and refuses a coarser one while orders rest', async () => {
    const seller = await ctx.signedInUser();
    const buyer = await ctx.signedInUser();
    await ctx.deposit(seller.account, 'BTC', '1');
    await ctx.deposit(buyer.account, 'USDT', '1000');
    expect((await order(seller.token, 2, '101.5', '0.2')).body.order).toMatchObject({ state: 'open' });

    const coarser = await asAdmin('/api/admin/products/pairs/save', { id: btcUsdt, price_decimals: 1 });
    expect(coarser).toEqual({
      type: 'error',
      message:
        'Close spot trading on this pair and wait until it has no open orders before lowering its precision',
    });
    expect((await pairRow()).price_decimals).toBe(2);

    expect(await asAdmin('/api/admin/products/pairs/save', { id: btcUsdt, price_decimals: 3 })).toMatchObject(
      {
        type: 'ok',
        message: { price_decimals: 3 },
      },
    );
    expect(await quotation(btcUsdt)).toMatchObject({ price_decimals: 3 });
    // A price on the finer grid is accepted now, and the resting order (re-gridded) still trades.
    expect((await order(buyer.token, 1, '101.505', '0.1')).body.order).toMatchObject({ state: 'filled' });
    const [trade] = await ctx.prisma.spotTrade.findMany({
      where: { match_id: btcUsdt },
      orderBy: { sequence: 'desc' },
      take: 1,
    });
    expect(trade?.price.toFixed()).toBe('101.5');
    expect((await order(seller.token, 2, '101.507', '0.05')).body.order).toMatchObject({ state: 'open' });
    expect((await order(buyer.token, 1, '101.507', '0.15')).body.order).toMatchObject({ state: 'filled' });
    expect((await ctx.audit()).ok).toBe(true);

    // Back to two decimals: no order rests now, but spot trading is open, so still refused; closed, it applies.
    expect(await ctx.prisma.spotOrder.count({ where: { match_id: btcUsdt, state: 'open' } })).toBe(0);
    expect((await asAdmin('/api/admin/products/pairs/save', { id: btcUsdt, price_decimals: 2 })).type).toBe(
      'error',
    );
    expect(await asAdmin('/api/admin/markets/flags', { id: btcUsdt, open_coin_trade: '0' })).toMatchObject({
      type: 'ok',
    });
    expect(await asAdmin('/api/admin/products/pairs/save', { id: btcUsdt, price_decimals: 2 })).toMatchObject(
      {
        type: 'ok',
        message: { price_decimals: 2 },
      },
    );
    expect(await asAdmin('/api/admin/markets/flags', { id: btcUsdt, open_coin_trade: '1' })).toMatchObject({
      type: 'ok',
    });
    expect((await order(seller.token, 2, '101.505', '0.01')).body.type).toBe('error');
    expect((await order(seller.token, 2, '101.5', '0.01')).body.order).toMatchObject({ state: 'open' });
    expect((await order(buyer.token, 1, '101.5', '0.01')).body.order).toMatchObject({ state: 'filled' });
    expect((await ctx.audit()).ok).toBe(true);
  });

  it('keeps both of two admins’ changes made at the same moment, each trail line before its after', async () => {
    const first = await signedInOperator(ctx, 'admin');
    const lines = (await trailOf('pair', btcUsdt)).length;
    const answers = await Promise.all([
      send(
        'POST',
        '/api/admin/products/pairs/save',
        { id: btcUsdt, maker_fee: '0.0011' },
        operators.admin.token,
      ),
      send('POST', '/api/admin/products/pairs/save', { id: btcUsdt, taker_fee: '0.0021' }, first.token),
    ]);
    expect(answers.map((answer) => answer.type)).toEqual(['ok', 'ok']);
    const row = await pairRow();
    expect([row.maker_fee.toFixed(), row.taker_fee.toFixed()]).toEqual(['0.0011', '0.0021']);
    const added = (await trailOf('pair', btcUsdt)).slice(lines);
    expect(added).toHaveLength(2);
    // Serialised by the row lock: the second line's "before" is the first line's "after".
    expect(added[1]?.before).toEqual(added[0]?.after);
    await asAdmin('/api/admin/products/pairs/save', { id: btcUsdt, maker_fee: '0.001', taker_fee: '0.002' });
  });
});

describe('lever options', () => {
  const leverDeal = async () =>
    (await ctx.post('/api/lever/deal', { legal_id: usdt, currency_id: btc }, trader.token)).body.message as {
      multiple: { muit: { value: number }[] };
      lever_trade_fee: string;
      spread: string;
      overnight: string;
      lever_share_limit: { min: number; max: number };
    };

  it('changes multiples, fee, spread and limits through the lever area; traders see them', async () => {
    const answer = await asAdmin('/api/admin/products/pairs/lever', {
      id: btcUsdt,
      multiples: '2, 5,50',
      lever_trade_fee: '0.15',
      spread: '0.03',
      overnight: '0.04',
      lever_min_share: 2,
      lever_max_share: 300,
    });
    expect(answer).toMatchObject({
      type: 'ok',
      message: { multiples: [2, 5, 50], lever_trade_fee: '0.15', spread: '0.03', lever_max_share: 300 },
    });
    expect(await leverDeal()).toMatchObject({
      multiple: { muit: [{ value: 2 }, { value: 5 }, { value: 50 }] },
      lever_trade_fee: '0.15',
      spread: '0.03',
      overnight: '0.04',
      lever_share_limit: { min: 2, max: 300 },
    });
    const [line] = (await trailOf('pair', btcUsdt)).filter((row) => row.action === 'pair.lever');
    expect(line?.before).toMatchObject({ lever_trade_fee: '0.1', spread: '0.02' });
    expect(line?.after).toMatchObject({ lever_trade_fee: '0.15', multiples: [2, 5, 50] });
  });

  it('refuses bad lever input and changes nothing', async () => {
    const before = await leverDeal();
    const lines = await trailCount();
    for (const body of [
      { id: btcUsdt, multiples: '0,5' },
      { id: btcUsdt, multiples: '5,-1' },
      { id: btcUsdt, multiples: '1.5' },
      { id: btcUsdt, spread: '-0.1' },
      { id: btcUsdt, spread: '101' },
      { id: btcUsdt, lever_trade_fee: '0.123456789' },
      { id: btcUsdt, lever_min_share: 0 },
      { id: btcUsdt, lever_share_num: '0' },
      { id: 999999, spread: '0.01' },
    ] as Body[]) {
      const answer = await asAdmin('/api/admin/products/pairs/lever', body);
      expect(answer.type, JSON.stringify(body)).toBe('error');
    }
    expect(await leverDeal()).toEqual(before);
    expect(await trailCount()).toBe(lines);
  });
});

describe('a pair’s lever mark and exposure options', () => {
  const leverOf = async () =>
    (
      (await read('/api/admin/products/pairs')).message as { id: number; lever: Record<string, unknown> }[]
    ).find((pair) => pair.id === btcUsdt)?.lever;

  it('shows and changes them through the lever area, with the trail', async () => {
    expect(await leverOf()).toMatchObject({
      mark_impact_notional: '1000',
      mark_band_percent: '2',
      mark_trade_window_seconds: '300',
      mark_min_trade_notional: '100',
      mark_smoothing_seconds: '30',
      mark_max_move_percent: '5',
      lever_pair_exposure_percent: '50',
      lever_user_exposure_percent: '10',
    });
    const answer = await asAdmin('/api/admin/products/pairs/lever', {
      id: btcUsdt,
      mark_impact_notional: '5000',
      mark_smoothing_seconds: 60,
      lever_user_exposure_percent: '2.5',
    });
    expect(answer).toMatchObject({
      type: 'ok',
      message: {
        mark_impact_notional: '5000',
        mark_smoothing_seconds: '60',
        lever_user_exposure_percent: '2.5',
      },
    });
    expect(await leverOf()).toMatchObject({ mark_impact_notional: '5000', mark_band_percent: '2' });
    const line = (await trailOf('pair', btcUsdt)).filter((row) => row.action === 'pair.lever').at(-1);
    expect(line?.before).toMatchObject({ mark_impact_notional: '1000', mark_smoothing_seconds: '30' });
    expect(line?.after).toMatchObject({ mark_impact_notional: '5000', mark_smoothing_seconds: '60' });
  });

  it('refuses values that would break the mark and changes nothing', async () => {
    const before = await leverOf();
    const lines = await trailCount();
    for (const body of [
      { id: btcUsdt, mark_impact_notional: '0' },
      { id: btcUsdt, mark_impact_notional: '-5' },
      { id: btcUsdt, mark_max_move_percent: '0' },
      { id: btcUsdt, mark_band_percent: '101' },
      { id: btcUsdt, mark_smoothing_seconds: 0 },
      { id: btcUsdt, mark_trade_window_seconds: '1.5' },
      { id: btcUsdt, mark_min_trade_notional: 'many' },
      { id: btcUsdt, lever_pair_exposure_percent: '0.123456789' },
    ] as Body[]) {
      const answer = await asAdmin('/api/admin/products/pairs/lever', body);
      expect(answer.type, JSON.stringify(body)).toBe('error');
    }
    expect(await leverOf()).toEqual(before);
    expect(await trailCount()).toBe(lines);
  });
});

describe('a pair’s seconds-contract price rule and exposure caps', () => {
  const microOf = async () =>
    (
      (await read('/api/admin/products/pairs')).message as { id: number; micro: Record<string, unknown> }[]
    ).find((pair) => pair.id === btcUsdt)?.micro;

  it('shows and changes them through the micro area, with the trail', async () => {
    expect(await microOf()).toEqual({
      micro_price_window_seconds: 10,
      micro_price_lookback_seconds: 300,
      micro_price_min_notional: '1000',
      micro_pair_exposure_percent: '20',
      micro_user_exposure_percent: '2',
    });
    const answer = await asAdmin('/api/admin/products/pairs/micro', {
      id: btcUsdt,
      micro_price_window_seconds: 15,
      micro_price_min_notional: '2500',
      micro_user_exposure_percent: '1.5',
    });
    expect(answer).toMatchObject({
      type: 'ok',
      message: { micro_price_window_seconds: 15, micro_price_min_notional: '2500' },
    });
    expect(await microOf()).toMatchObject({
      micro_price_window_seconds: 15,
      micro_price_lookback_seconds: 300,
      micro_price_min_notional: '2500',
      micro_user_exposure_percent: '1.5',
    });
    const [line] = (await trailOf('pair', btcUsdt)).filter((row) => row.action === 'pair.micro');
    expect(line?.before).toMatchObject({ micro_price_window_seconds: 10 });
    expect(line?.after).toMatchObject({ micro_price_window_seconds: 15 });
  });

  it('refuses bad input and changes nothing', async () => {
    const before = await microOf();
    const lines = await trailCount();
    for (const body of [
      { id: btcUsdt, micro_price_window_seconds: 0 },
      { id: btcUsdt, micro_price_window_seconds: 600 },
      { id: btcUsdt, micro_price_lookback_seconds: 100_000 },
      { id: btcUsdt, micro_price_min_notional: '0' },
      { id: btcUsdt, micro_price_min_notional: '-1' },
      { id: btcUsdt, micro_pair_exposure_percent: '101' },
      { id: btcUsdt, micro_user_exposure_percent: '50' },
      { id: 999999, micro_price_window_seconds: 10 },
    ] as Body[]) {
      const answer = await asAdmin('/api/admin/products/pairs/micro', body);
      expect(answer.type, JSON.stringify(body)).toBe('error');
    }
    expect(await microOf()).toEqual(before);
    expect(await trailCount()).toBe(lines);
  });
});

describe('seconds options', () => {
  const publicSeconds = async () =>
    (
      (await ctx.get('/api/microtrade/seconds')).body.message as { seconds: number; profit_ratio: string }[]
    ).map((row) => [row.seconds, row.profit_ratio]);

  it('adds, changes and withdraws a duration; the public list follows', async () => {
    const added = await asAdmin('/api/admin/products/seconds/save', {
      seconds: 45,
      profit_ratio: '82.5',
      min_amount: '5',
      max_amount: '500',
    });
    expect(added).toMatchObject({ type: 'ok', message: { seconds: 45, profit_ratio: '82.5', status: 1 } });
    const id = added.message.id as number;
    expect(await publicSeconds()).toContainEqual([45, '82.5']);

    const changed = await asAdmin('/api/admin/products/seconds/save', {
      id,
      seconds: 45,
      profit_ratio: '88',
      min_amount: '5',
      max_amount: '500',
      status: 0,
    });
    expect(changed).toMatchObject({ type: 'ok', message: { profit_ratio: '88', status: 0 } });
    expect((await publicSeconds()).map(([seconds]) => seconds)).not.toContain(45);
    expect((await read('/api/admin/products/seconds')).message).toContainEqual(
      expect.objectContaining({ id, status: 0, profit_ratio: '88' }),
    );
    const lines = await trailOf('seconds', id);
    expect(lines.map((line) => line.action)).toEqual(['seconds.create', 'seconds.update']);
    expect(lines[1]?.before).toMatchObject({ profit_ratio: '82.5', status: 1 });
  });

  it('refuses bad seconds input and changes nothing', async () => {
    const before = await ctx.prisma.microSecond.findMany({ orderBy: { id: 'asc' } });
    const lines = await trailCount();
    const base = { seconds: 77, profit_ratio: '80', min_amount: '1', max_amount: '10' };
    for (const body of [
      { ...base, seconds: 30 },
      { ...base, seconds: 0 },
      { ...base, seconds: 2.5 },
      { ...base, profit_ratio: '0' },
      { ...base, profit_ratio: '-5' },
      { ...base, profit_ratio: '1001' },
      { ...base, min_amount: '100', max_amount: '10' },
      { ...base, max_amount: '1.123456789' },
      { ...base, status: 2 },
      { ...base, id: 999999 },
      { seconds: 77 },
    ] as Body[]) {
      const answer = await asAdmin('/api/admin/products/seconds/save', body);
      expect(answer.type, JSON.stringify(body)).toBe('error');
    }
    expect(await ctx.prisma.microSecond.findMany({ orderBy: { id: 'asc' } })).toEqual(before);
    expect(await trailCount()).toBe(lines);
  });
});

describe('savings plans', () => {
  const publicPlans = async () =>
    ((await ctx.get('/api/wallet/deposit_setup', trader.token)).body.message as { id: number }[]).map(
      (plan) => plan.id,
    );

  it('creates and closes a plan with the savings area’s own function; traders see the open ones', async () => {
    const created = await asAdmin('/api/admin/products/savings/save', {
      currency: 'usdt',
      day: 14,
      rate: '0.5',
      save_min: '20',
    });
    expect(created).toMatchObject({
      type: 'ok',
      message: { currency: 'USDT', day: 14, rate: '0.5', save_min: '20', status: 1 },
    });
    const id = created.message.id as number;
    expect(await publicPlans()).toContain(id);
    const closed = await asAdmin('/api/admin/products/savings/save', {
      id,
      currency: 'USDT',
      day: 14,
      rate: '0.5',
      save_min: '20',
      status: 0,
    });
    expect(closed).toMatchObject({ type: 'ok', message: { id, status: 0 } });
    expect(await publicPlans()).not.toContain(id);
    const lines = await trailOf('savings_plan', id);
    expect(lines.map((line) => line.action)).toEqual(['savings.create', 'savings.update']);
    expect(lines[1]?.after).toMatchObject({ status: 0 });
  });

  it('refuses bad plans and changes nothing', async () => {
    const before = await ctx.prisma.savingsPlan.findMany({ orderBy: { id: 'asc' } });
    const lines = await trailCount();
    const base = { currency: 'USDT', day: 10, rate: '1', save_min: '1' };
    for (const body of [
      { ...base, currency: 'NOPE' },
      { ...base, day: 0 },
      { ...base, day: 4000 },
      { ...base, rate: '-1' },
      { ...base, save_min: '0' },
      { ...base, save_min: '' },
      { ...base, id: 999999 },
      { ...base, status: 5 },
    ] as Body[]) {
      const answer = await asAdmin('/api/admin/products/savings/save', body);
      expect(answer.type, JSON.stringify(body)).toBe('error');
    }
    expect(await ctx.prisma.savingsPlan.findMany({ orderBy: { id: 'asc' } })).toEqual(before);
    expect(await trailCount()).toBe(lines);
  });
});

describe('business settings', () => {
  it('a change through the system area is seen by every API process at once', async () => {
    const other = await ctx.anotherApi();
    const envOfOther = async () =>
      (await supertest(other.server).get('/api/env.json')).body as { login_need_smscode: boolean };
    expect((await envOfOther()).login_need_smscode).toBe(false);
    const save = (value: string) =>
      asAdmin('/api/admin/products/settings/save', { key: 'login_need_smscode', value });
    expect(await save('1')).toMatchObject({ type: 'ok' });
    try {
      expect((await envOfOther()).login_need_smscode).toBe(true);
    } finally {
      await save('0');
    }
    expect((await envOfOther()).login_need_smscode).toBe(false);
  });

  it('lists every setting with its kind, and the public answers follow a change', async () => {
    const list = (await read('/api/admin/products/settings')).message as { key: string; kind: string }[];
    expect(list).toContainEqual(
      expect.objectContaining({ key: 'login_need_smscode', kind: 'switch', value: '0' }),
    );
    expect(list).toContainEqual(expect.objectContaining({ key: 'is_open_CTbi', kind: 'switch', value: '1' }));

    expect((await ctx.get('/api/env.json')).body.login_need_smscode).toBe(false);
    expect(
      await asAdmin('/api/admin/products/settings/save', { key: 'login_need_smscode', value: '1' }),
    ).toEqual({
      type: 'ok',
      message: { key: 'login_need_smscode', value: '1', default: '0', kind: 'switch' },
    });
    expect((await ctx.get('/api/env.json')).body.login_need_smscode).toBe(true);
    // Stored as the spec writes it: a true/false setting stays true/false.
    expect(await ctx.prisma.setting.findUnique({ where: { key: 'login_need_smscode' } })).toMatchObject({
      value: 'true',
    });
    await asAdmin('/api/admin/products/settings/save', { key: 'login_need_smscode', value: '0' });

    expect(
      await asAdmin('/api/admin/products/settings/save', { key: 'is_open_CTbi', value: '0' }),
    ).toMatchObject({
      type: 'ok',
    });
    expect((await ctx.post('/api/wallet/list', {}, trader.token)).body.message.is_open_CTbi).toBe(0);
    await asAdmin('/api/admin/products/settings/save', { key: 'is_open_CTbi', value: '1' });
    expect((await ctx.post('/api/wallet/list', {}, trader.token)).body.message.is_open_CTbi).toBe(1);

    const lines = await trailOf('setting', 'is_open_CTbi');
    expect(lines.map((line) => [line.before, line.after])).toEqual([
      [{ value: '1' }, { value: '0' }],
      [{ value: '0' }, { value: '1' }],
    ]);
  });

  it('refuses bad values and unknown keys and changes nothing', async () => {
    const before = await ctx.prisma.setting.findMany({ orderBy: { key: 'asc' } });
    const lines = await trailCount();
    for (const [key, value] of [
      ['is_open_CTbi', 'yes'],
      ['USDTRate', '-7'],
      ['USDTRate', '7.123456789'],
      ['insurance_start', '25:00'],
      ['lever_burst_hazard_rate', '150'],
      ['jc_exchange_fee', '2'],
      ['jc_currency', 'NOPE'],
      ['team_rebate_rates', '60,50'],
      ['team_rebate_rates', '20,abc'],
      ['legalDealCancel_time', '0'],
      ['app_ios_url', 'javascript:alert(1)'],
      ['no_such_setting', '1'],
      ['', '1'],
    ]) {
      const answer = await asAdmin('/api/admin/products/settings/save', {
        key: key ?? '',
        value: value ?? '',
      });
      expect(answer.type, `${key}=${value}`).toBe('error');
    }
    expect(await ctx.prisma.setting.findMany({ orderBy: { key: 'asc' } })).toEqual(before);
    expect(await trailCount()).toBe(lines);
  });
});

describe('banners and notices', () => {
  const homeBanners = async (lang: string) =>
    (await ctx.post('/api/news/list', { c_id: 5, lang })).body.message.list as {
      title: string;
      cover: string;
    }[];

  it('support uploads an image and publishes a banner the home page lists, then changes it', async () => {
    const stored = await upload(operators.support.token, PNG);
    expect(stored).toMatchObject({
      type: 'ok',
      message: { url: expect.stringMatching(/^\/upload\/op\d+-[0-9a-f]{32}\.png$/) },
    });
    const url = stored.message.url;
    const served = await ctx.http.get(url);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');

    const published = await send(
      'POST',
      '/api/admin/products/banners/save',
      { lang: 'th', title: 'Banner for Thai readers', cover: url, sorts: 0 },
      operators.support.token,
    );
    expect(published).toMatchObject({ type: 'ok', message: { lang: 'th', cover: url } });
    expect(await homeBanners('th')).toContainEqual(
      expect.objectContaining({ title: 'Banner for Thai readers', cover: url }),
    );

    const id = published.message.id as number;
    const changed = await send(
      'POST',
      '/api/admin/products/banners/save',
      { id, lang: 'th', title: 'Changed banner', cover: '/banners/banner-2.svg' },
      operators.support.token,
    );
    expect(changed).toMatchObject({ type: 'ok', message: { id, title: 'Changed banner' } });
    expect((await homeBanners('th')).map((banner) => banner.title)).toContain('Changed banner');
    expect((await read('/api/admin/products/banners?lang=th')).message).toContainEqual(
      expect.objectContaining({ id, title: 'Changed banner' }),
    );
    const lines = await trailOf('notice', id);
    expect(lines.map((line) => line.action)).toEqual(['banner.publish', 'banner.update']);
    expect(lines[1]?.before).toMatchObject({ title: 'Banner for Thai readers' });
    expect(await ctx.prisma.operatorAuditTrail.count({ where: { action: 'banner.image' } })).toBe(1);
  });

  it('refuses a file that is no image, a foreign cover, and a notice that is no banner', async () => {
    const lines = await trailCount();
    expect((await upload(operators.support.token, Buffer.from('<script>x</script>'), 'x.png')).type).toBe(
      'error',
    );
    expect((await send('POST', '/api/admin/products/banners/upload', {}, operators.support.token)).type).toBe(
      'error',
    );
    const notice = await ctx.prisma.news.findFirstOrThrow({ where: { c_id: 4 } });
    const news = await ctx.prisma.news.findMany({ orderBy: { id: 'asc' } });
    for (const body of [
      { lang: 'en', title: 'x', cover: 'https://evil.example/x.png' },
      { lang: 'en', title: 'x', cover: '/upload/../../etc/passwd' },
      { lang: 'en', title: 'x', cover: '' },
      { lang: 'xx', title: 'x', cover: '/banners/banner-1.svg' },
      { lang: 'en', title: '', cover: '/banners/banner-1.svg' },
      { id: notice.id, lang: 'en', title: 'x', cover: '/banners/banner-1.svg' },
    ] as Body[]) {
      const answer = await send('POST', '/api/admin/products/banners/save', body, operators.support.token);
      expect(answer.type, JSON.stringify(body)).toBe('error');
    }
    expect(await ctx.prisma.news.findMany({ orderBy: { id: 'asc' } })).toEqual(news);
    expect(await trailCount()).toBe(lines);
  });

  it('support edits an existing notice in place (same id, new text, the trail keeps the old one)', async () => {
    const notice = await ctx.prisma.news.findFirstOrThrow({ where: { c_id: 4, lang: 'en' } });
    const answer = await send(
      'POST',
      '/api/admin/notices/save',
      { id: notice.id, c_id: 4, lang: 'en', title: 'Edited notice', abstract: 'new', content: '<p>new</p>' },
      operators.support.token,
    );
    expect(answer).toMatchObject({ type: 'ok', message: { id: notice.id, title: 'Edited notice' } });
    expect((await ctx.post('/api/news/detail', { id: notice.id })).body.message).toMatchObject({
      title: 'Edited notice',
      content: '<p>new</p>',
    });
    const [line] = await trailOf('notice', notice.id);
    expect(line).toMatchObject({
      action: 'notice.update',
      before: expect.objectContaining({ title: notice.title }),
    });
  });
});
