import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, useTestContext, type TestContext } from '../../../../../test/harness';
import {
  expectRoleGate,
  signedInOperators,
  type RoleRoute,
  type TestOperator,
  freshCode,
} from '../../../../../test/operators';
import { SANDBOX_PASSWORD } from '../points';
import type { OperatorRole } from '.';

/**
 * Points in the console (issue #25): viewers see the points partner and the sandbox partner's accounts with
 * the user bound to each; finance, with a fresh code and a reason, tops up a sandbox account, each top-up in
 * the trail. Refused, with words that say why, when the partner is a real one, when none is configured, and
 * in production.
 */
const ctx = useTestContext();
let trader: { id: number; account: string; token: string };
let operators: Record<OperatorRole, TestOperator>;

beforeAll(async () => {
  trader = await ctx.signedInUser();
  operators = await signedInOperators(ctx, { enrol: true });
});

const grant = (on: TestContext, by: TestOperator, body: Record<string, string>) =>
  on.post('/api/admin/points/grant', { totp_code: freshCode(by), ...body }, by.token);
const sandboxPoints = async (on: TestContext, account: string) =>
  (await on.prisma.pointsSandboxAccount.findUnique({ where: { user_name: account } }))?.points.toFixed();
const topUpLines = (on: TestContext) =>
  on.prisma.operatorAuditTrail.findMany({
    where: { action: 'points.sandbox_top_up' },
    orderBy: { id: 'asc' },
  });

const ROUTES: RoleRoute[] = [
  { method: 'GET', path: '/api/admin/points', minimum: 'viewer' },
  {
    method: 'POST',
    path: '/api/admin/points/grant',
    minimum: 'finance',
    body: { account: 'nobody-here', points: '1', reason: 'x' },
  },
];

describe('the role gates of points', () => {
  it.each(ROUTES)('$method $path needs $minimum', async (route) => {
    await expectRoleGate(ctx, route, trader.token, operators);
  });
});

describe('the sandbox partner (development and tests)', () => {
  const account = 'desk-demo-1';

  it('lists the partner and its accounts with the user bound to each', async () => {
    const bound = await ctx.post(
      '/api/jc/bind',
      { user_name: account, password: SANDBOX_PASSWORD },
      trader.token,
    );
    expect(bound.body.type).toBe('ok');
    const listed = await ctx.get('/api/admin/points', operators.viewer.token);
    expect(listed.body.message).toMatchObject({
      partner: { name: 'Sandbox partner', kind: 'sandbox' },
      top_up_refused: null,
    });
    expect(listed.body.message.accounts).toContainEqual({
      user_name: account,
      points: '10000',
      bound_to: trader.account,
      updated_at: expect.any(String),
    });
    const found = await ctx.get(
      `/api/admin/points?q=${encodeURIComponent(trader.account)}`,
      operators.viewer.token,
    );
    expect(found.body.message.accounts.map((row: { user_name: string }) => row.user_name)).toEqual([account]);
    const none = await ctx.get('/api/admin/points?q=no-such-account', operators.viewer.token);
    expect(none.body.message.accounts).toEqual([]);
  });

  it('tops up an account: the trader sees the points, the trail has the line with the reason', async () => {
    const answer = await grant(ctx, operators.finance, {
      account,
      points: '250.5',
      reason: 'demo for a prospect',
    });
    expect(answer.body).toEqual({
      type: 'ok',
      message: { account, granted: '250.5', points: '10250.5' },
    });
    expect((await ctx.get('/api/jc/info', trader.token)).body.message.jc_integral).toBe('10250.5');
    const [line] = await topUpLines(ctx);
    expect(line).toMatchObject({
      operator_id: operators.finance.id,
      target_type: 'points_sandbox_account',
      target_id: account,
      before: { points: '10000' },
      after: { points: '10250.5', granted: '250.5' },
      reason: 'demo for a prospect',
    });
    // Two top-ups at once both land, each with its line.
    await Promise.all([
      grant(ctx, operators.admin, { account, points: '1', reason: 'twice at once' }),
      grant(ctx, operators.finance, { account, points: '1', reason: 'twice at once' }),
    ]);
    expect(await sandboxPoints(ctx, account)).toBe('10252.5');
    expect((await topUpLines(ctx)).filter((row) => row.reason === 'twice at once')).toHaveLength(2);
  });

  it('refuses without a fresh code, a reason, a valid amount or a known account; nothing moves', async () => {
    const before = await sandboxPoints(ctx, account);
    const lines = (await topUpLines(ctx)).length;
    const good = { account, points: '5', reason: 'ticket 7' };
    const cases: [Record<string, string>, string][] = [
      [{ ...good, reason: '' }, 'Please give a reason'],
      [{ ...good, points: '1.001' }, 'The amount can have at most 2 decimal places'],
      [{ ...good, points: '-5' }, 'The amount must be greater than 0'],
      [{ ...good, points: '' }, 'Please enter an amount'],
      [{ ...good, account: '' }, 'Please enter the account'],
      [
        { ...good, account: 'nobody-here' },
        'The sandbox partner has no account nobody-here: it opens when a user first binds it',
      ],
    ];
    for (const [body, text] of cases) {
      const answer = await grant(ctx, operators.finance, body);
      expect(answer.body, JSON.stringify(body)).toEqual({ type: 'error', message: text });
    }
    const withoutCode = await ctx.post('/api/admin/points/grant', good, operators.finance.token);
    expect(withoutCode.body.type).toBe('error');
    const wrongCode = await ctx.post(
      '/api/admin/points/grant',
      { ...good, totp_code: '000000' },
      operators.finance.token,
    );
    expect(wrongCode.body.message).toBe('The two-factor code is wrong or was already used');
    expect(await sandboxPoints(ctx, account)).toBe(before);
    expect(await topUpLines(ctx)).toHaveLength(lines);
  });
});

/**
 * The console's top-up where the rule refuses it, each on an exchange of its own (another database, another
 * partner setting) with a finance operator and a sandbox account left from before the setting changed.
 */
const REFUSED = [
  {
    setting: 'a real partner (POINTS_PARTNER_URL)',
    overrides: {
      POINTS_PARTNER_URL: 'https://miles.partner.test/api',
      POINTS_PARTNER_KEY: 'a-partner-key-of-the-tests',
      POINTS_PARTNER_NAME: 'Acme Miles',
    },
    partner: { name: 'Acme Miles', kind: 'api' },
    refusal:
      "Only the sandbox partner's accounts can be topped up here: points at Acme Miles are the partner's own",
  },
  {
    setting: 'no partner (POINTS_SANDBOX off)',
    overrides: { POINTS_SANDBOX: 'off' },
    partner: { name: '', kind: 'none' },
    refusal: 'The points exchange is closed: no points partner is configured',
  },
  {
    setting: 'production, even with the sandbox asked for (POINTS_SANDBOX on)',
    overrides: {
      NODE_ENV: 'production',
      POINTS_SANDBOX: 'on',
      APP_SECRET: 'a-private-secret-of-the-production-test',
      OPERATOR_TOTP_KEY: 'an-operator-totp-key-of-the-production-test',
    },
    partner: { name: 'Sandbox partner', kind: 'sandbox' },
    refusal: 'Points top-ups are refused in production: only the points partner gives points there',
  },
];

describe.each(REFUSED)('with $setting', ({ overrides, partner, refusal }) => {
  let other: TestContext | undefined;
  let finance: TestOperator;
  beforeAll(async () => {
    other = await createTestContext(overrides);
    ({ finance } = await signedInOperators(other, { enrol: true }));
    await other.prisma.pointsSandboxAccount.create({ data: { user_name: 'left-over', points: '10000' } });
  });
  afterAll(() => other?.close());

  it('says why top-ups are refused, refuses one in those words, and nothing moves', async () => {
    const on = other as TestContext;
    const listed = await on.get('/api/admin/points', finance.token);
    expect(listed.body.message).toMatchObject({ partner, top_up_refused: refusal });
    // A partner's API has its own accounts, and without the sandbox there are none to list.
    if (partner.kind !== 'sandbox') expect(listed.body.message.accounts).toEqual([]);
    const answer = await grant(on, finance, { account: 'left-over', points: '5', reason: 'x' });
    expect(answer.body).toEqual({ type: 'error', message: refusal });
    expect(await sandboxPoints(on, 'left-over')).toBe('10000');
    expect(await topUpLines(on)).toEqual([]);
  });
});
