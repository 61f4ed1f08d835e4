import { beforeAll, describe, expect, it } from 'vitest';
import { useTestContext } from '../../../../../test/harness';
import {
  expectRoleGate,
  signedInOperator,
  signedInOperators,
  SIGN_IN_REQUIRED,
  type RoleRoute,
  type TestOperator,
  freshCode,
} from '../../../../../test/operators';
import type { OperatorRole } from '.';

/**
 * The console's routine tasks that needed a shell before: operators and roles (admin only), house funding
 * (finance, fresh code), creating a user and reading a user's recent codes (support, each look in the trail).
 */
const ctx = useTestContext();
let trader: { id: number; account: string; token: string };
let operators: Record<OperatorRole, TestOperator>;

beforeAll(async () => {
  trader = await ctx.signedInUser();
  operators = await signedInOperators(ctx, { enrol: true });
});

const trailOf = (targetType: string, targetId: number | string) =>
  ctx.prisma.operatorAuditTrail.findMany({
    where: { target_type: targetType, target_id: String(targetId) },
    orderBy: { id: 'asc' },
  });
const message = (answer: { body: { type: string; message: unknown } }) => answer.body.message;

const ROUTES: RoleRoute[] = [
  { method: 'GET', path: '/api/admin/operators', minimum: 'admin' },
  {
    method: 'POST',
    path: '/api/admin/operators/disable',
    minimum: 'admin',
    body: { login: 'nobody-here', reason: 'x' },
  },
  {
    method: 'POST',
    path: '/api/admin/house/fund',
    minimum: 'finance',
    body: { pool: 'nowhere', currency: 'USDT', amount: '1', ref: 'r' },
  },
  { method: 'POST', path: '/api/admin/users/codes', minimum: 'support', body: { id: '999999', reason: 'x' } },
  {
    method: 'POST',
    path: '/api/admin/users/create',
    minimum: 'support',
    body: { account: 'not an account', password: 'secret1' },
  },
];

describe('the role gates of the routine tasks', () => {
  it.each(ROUTES)('$method $path needs $minimum', async (route) => {
    await expectRoleGate(ctx, route, trader.token, operators);
  });
});

describe('operators and roles (admin only)', () => {
  const admin = () => operators.admin;
  const create = (body: Record<string, string>, by = admin()) =>
    ctx.post('/api/admin/operators/create', { totp_code: freshCode(by), ...body }, by.token);

  it('creates an operator whose one-time password signs in, and lists them without secrets', async () => {
    const created = await create({ login: 'Desk.Two', role: 'support', reason: 'new hire' });
    expect(created.body.type).toBe('ok');
    expect(created.body.message).toMatchObject({ login: 'desk.two', role: 'support', disabled: false });
    const password = created.body.message.password as string;
    expect(password.length).toBeGreaterThanOrEqual(10);

    const signIn = await ctx.post('/api/admin/login', { login: 'desk.two', password });
    expect(signIn.body.type).toBe('ok');

    const list = await ctx.get('/api/admin/operators', admin().token);
    const row = (list.body.message as { login: string }[]).find((operator) => operator.login === 'desk.two');
    expect(row).toEqual({
      id: created.body.message.id,
      login: 'desk.two',
      role: 'support',
      disabled: false,
      totp_enrolled: false,
      created_at: expect.any(String),
    });
    expect(JSON.stringify(list.body)).not.toMatch(/password|secret|hash/);

    const [line] = await trailOf('operator', created.body.message.id as number);
    expect(line).toMatchObject({ action: 'operator.create', operator_id: admin().id, reason: 'new hire' });
  });

  it('refuses bad input with the reason and creates nothing', async () => {
    const before = await ctx.prisma.operator.count();
    const cases: [Record<string, string>, string][] = [
      [{ login: 'x', role: 'viewer' }, 'An operator login is 3-64 characters'],
      [{ login: 'ok-login', role: 'boss' }, 'The role is one of viewer, support, finance, admin'],
      [{ role: 'viewer' }, 'An operator login is 3-64 characters'],
      [{ login: 'desk.two', role: 'viewer' }, 'The operator desk.two exists already'],
    ];
    for (const [body, text] of cases) {
      const answer = await create(body);
      expect(answer.body.type, JSON.stringify(body)).toBe('error');
      expect(String(message(answer)).startsWith(text), String(message(answer))).toBe(true);
    }
    const wrongCode = await ctx.post(
      '/api/admin/operators/create',
      { login: 'nocode', role: 'viewer', totp_code: '000000' },
      admin().token,
    );
    expect(wrongCode.body.type).toBe('error');
    expect(await ctx.prisma.operator.count()).toBe(before);
  });

  it('changes a role and disables an operator, ending their sessions at once', async () => {
    const support = await signedInOperator(ctx, 'support');
    const role = await ctx.post(
      '/api/admin/operators/role',
      { login: support.login, role: 'viewer', reason: 'moved team', totp_code: freshCode(admin()) },
      admin().token,
    );
    expect(role.body.message).toMatchObject({ login: support.login, role: 'viewer', disabled: false });
    const asViewer = await ctx.post('/api/admin/users/codes', { id: trader.id, reason: 'x' }, support.token);
    expect(asViewer.body.message).toBe('Your role may not do this');

    const disabled = await ctx.post(
      '/api/admin/operators/disable',
      { login: support.login, reason: 'left', totp_code: freshCode(admin()) },
      admin().token,
    );
    expect(disabled.body.message).toMatchObject({ disabled: true });
    expect((await ctx.get('/api/admin/me', support.token)).body).toEqual(SIGN_IN_REQUIRED);
    const lines = await trailOf('operator', support.id);
    expect(lines.map((line) => [line.action, line.reason])).toEqual([
      ['operator.create', ''],
      ['operator.role', 'moved team'],
      ['operator.disable', 'left'],
    ]);
  });

  it('refuses an admin changing themselves, and an unknown operator', async () => {
    const self = await ctx.post(
      '/api/admin/operators/role',
      { login: admin().login, role: 'viewer', totp_code: freshCode(admin()) },
      admin().token,
    );
    expect(message(self)).toBe('You cannot change your own operator account here');
    const unknown = await ctx.post(
      '/api/admin/operators/disable',
      { login: 'nobody-here', totp_code: freshCode(admin()) },
      admin().token,
    );
    expect(message(unknown)).toBe('No such record');
    expect(await ctx.prisma.operator.findUnique({ where: { id: admin().id } })).toMatchObject({
      role: 'admin',
      disabled_at: null,
    });
  });

  it('keeps one admin when the last two demote each other at the same moment', async () => {
    // Only these two admins stay active (the command line may disable any).
    await ctx.prisma.operator.updateMany({
      where: { role: 'admin', disabled_at: null },
      data: { disabled_at: new Date() },
    });
    const [first, second] = [await signedInOperator(ctx, 'admin'), await signedInOperator(ctx, 'admin')];
    const demote = (by: TestOperator, target: TestOperator) =>
      ctx.post(
        '/api/admin/operators/role',
        { login: target.login, role: 'viewer', totp_code: freshCode(by) },
        by.token,
      );
    const answers = await Promise.all([demote(first, second), demote(second, first)]);
    expect(answers.map((answer) => answer.body.type).sort()).toEqual(['error', 'ok']);
    // The later one is refused as the last admin when both passed the role check before either wrote, or for
    // its role when the other's demotion was written first: which depends only on timing.
    const refused = answers.find((answer) => answer.body.type === 'error');
    expect(['The last active admin cannot be demoted or disabled', 'Your role may not do this']).toContain(
      refused?.body.message,
    );
    expect(await ctx.prisma.operator.count({ where: { role: 'admin', disabled_at: null } })).toBe(1);
    operators.admin =
      (await ctx.prisma.operator.findFirst({ where: { role: 'admin', disabled_at: null } }))?.id === first.id
        ? first
        : second;
  });
});

describe('funding a house pool (finance, fresh code)', () => {
  const fund = (body: Record<string, string>, by = operators.finance) =>
    ctx.post('/api/admin/house/fund', { totp_code: freshCode(by), ...body }, by.token);
  const poolBalance = async (pool: string, currency = 'USDT') => {
    const dashboard = await ctx.get('/api/admin/dashboard', operators.viewer.token);
    const rows = dashboard.body.message.house as { account: string; currency: string; balance: string }[];
    return rows.find((row) => row.account === pool && row.currency === currency)?.balance ?? '0';
  };

  it('moves capital into the pool once per reference, even when the form is sent twice at once', async () => {
    const before = Number(await poolBalance('insurance_fund'));
    const body = {
      pool: 'insurance_fund',
      currency: 'usdt',
      amount: '2500.5',
      ref: 'wire-1127',
      reason: 'Q4',
    };
    const answers = await Promise.all([fund(body), fund(body)]);
    expect(answers.map((answer) => answer.body.type)).toEqual(['ok', 'ok']);
    expect(answers.map((answer) => answer.body.message.funded as boolean).sort()).toEqual([false, true]);
    expect(Number(await poolBalance('insurance_fund'))).toBeCloseTo(before + 2500.5, 8);
    const [line] = await trailOf('house', 'insurance_fund');
    expect(line).toMatchObject({ action: 'house.fund', operator_id: operators.finance.id, reason: 'Q4' });
    expect((await ctx.audit()).ok).toBe(true);
  });

  it('refuses bad input with a clear message and moves nothing', async () => {
    const before = await poolBalance('micro_pool');
    const good = { pool: 'micro_pool', currency: 'USDT', amount: '10', ref: 'bad-input' };
    const cases: [Record<string, string>, string][] = [
      [{ ...good, amount: '-5' }, 'The amount must be greater than 0'],
      [{ ...good, amount: '0' }, 'The amount must be greater than 0'],
      [{ ...good, amount: '1.1234567890123456789' }, 'at most'],
      [{ ...good, amount: '' }, 'Please enter an amount'],
      [{ ...good, pool: 'fees' }, 'Choose a pool to fund'],
      [{ ...good, pool: 'escrow' }, 'Choose a pool to fund'],
      [{ ...good, currency: 'NOPE' }, 'This currency does not exist'],
      [{ ...good, ref: '' }, 'Give the funding a reference'],
    ];
    for (const [body, text] of cases) {
      const answer = await fund(body);
      expect(answer.body.type, JSON.stringify(body)).toBe('error');
      expect(String(message(answer)), JSON.stringify(body)).toContain(text);
    }
    const withoutCode = await ctx.post('/api/admin/house/fund', good, operators.finance.token);
    expect(withoutCode.body.type).toBe('error');
    expect(await poolBalance('micro_pool')).toBe(before);
  });
});

describe('support: creating a user and reading their recent codes', () => {
  it('creates a ready user who signs in, verified when asked; an account taken is refused', async () => {
    const created = await ctx.post(
      '/api/admin/users/create',
      { account: 'Walk-In@Test.Exchange', password: 'secret12', kyc: '1', reason: 'branch visit' },
      operators.support.token,
    );
    expect(created.body.message).toMatchObject({ account_number: 'walk-in@test.exchange' });
    const id = created.body.message.id as number;
    const signIn = await ctx.post('/api/user/login', {
      user_string: 'walk-in@test.exchange',
      password: 'secret12',
    });
    expect(signIn.body.type).toBe('ok');
    expect(await ctx.prisma.identityVerification.findUnique({ where: { user_id: id } })).toMatchObject({
      review_status: 2,
    });
    expect((await trailOf('user', id)).map((line) => line.action)).toEqual(['user.create']);

    const cases: [Record<string, string>, string][] = [
      [{ account: 'walk-in@test.exchange', password: 'secret12' }, 'This account is already registered'],
      [
        { account: 'not an account', password: 'secret12' },
        'The phone or e-mail account does not meet the rules',
      ],
      [{ account: 'short@test.exchange', password: '123' }, 'The password must be 6 to 16 characters'],
      [{ password: 'secret12' }, 'Please enter your account'],
    ];
    const users = await ctx.prisma.user.count();
    for (const [body, text] of cases) {
      const answer = await ctx.post('/api/admin/users/create', body, operators.support.token);
      expect(String(message(answer)), JSON.stringify(body)).toContain(text);
    }
    expect(await ctx.prisma.user.count()).toBe(users);
  });

  it("shows support only this user's recent codes, with a reason, and writes each look to the trail", async () => {
    const other = await ctx.signedInUser();
    for (const account of [trader.account, other.account])
      expect((await ctx.post('/api/sms_mail', { user_string: account, scene: 'forget' })).body.type).toBe(
        'ok',
      );
    const look = await ctx.post(
      '/api/admin/users/codes',
      { id: trader.id, reason: 'ticket 881: no e-mail' },
      operators.support.token,
    );
    const codes = look.body.message as { to: string; scene: string; code: string }[];
    expect(codes).toEqual([
      expect.objectContaining({
        to: trader.account,
        scene: 'forget',
        code: await ctx.latestCode(trader.account),
      }),
    ]);
    expect(JSON.stringify(codes)).not.toContain(other.account);
    const [line] = await trailOf('user', trader.id);
    expect(line).toMatchObject({
      action: 'user.codes.view',
      operator_id: operators.support.id,
      reason: 'ticket 881: no e-mail',
    });

    expect(
      message(await ctx.post('/api/admin/users/codes', { id: trader.id }, operators.support.token)),
    ).toBe('Please give a reason');
    expect(
      message(
        await ctx.post('/api/admin/users/codes', { id: '999999', reason: 'x' }, operators.support.token),
      ),
    ).toBe('No such record');
    expect((await trailOf('user', trader.id)).length).toBe(1);
  });
});

describe('insurance types for seconds trading (admins change them, viewers read)', () => {
  const save = (body: Record<string, string | number>, by = operators.admin) =>
    ctx.post('/api/admin/products/insurance/save', body, by.token);
  const TERMS = {
    currency: 'HAP',
    name: 'Weekend cover',
    min_quantity: '1',
    max_quantity: '5',
    unit_amount: '50',
    premium_rate: '0.05',
    claim_rate: '0.8',
    status: '1',
  };

  it('adds a type traders can buy, and refuses bad terms without storing anything', async () => {
    const listed = await ctx.get('/api/admin/products/insurance', operators.viewer.token);
    expect(listed.body.message).toContainEqual(
      expect.objectContaining({ currency: 'HAP', active_positions: 0 }),
    );
    expect((await save(TERMS, operators.support)).body.message).toBe('Your role may not do this');
    const before = await ctx.prisma.insuranceType.count();
    const cases: [Record<string, string>, string][] = [
      [{ ...TERMS, min_quantity: '6' }, 'min_quantity'],
      [{ ...TERMS, premium_rate: '0' }, 'premium_rate'],
      [{ ...TERMS, premium_rate: '1' }, 'premium_rate'],
      [{ ...TERMS, claim_rate: '1.5' }, 'claim_rate'],
      [{ ...TERMS, unit_amount: '-5' }, 'unit_amount'],
      [{ ...TERMS, unit_amount: '1.1234567890123456789' }, 'unit_amount'],
      [{ ...TERMS, currency: 'NOPE' }, 'This currency does not exist'],
      [{ ...TERMS, name: '' }, 'name'],
      [{ ...TERMS, id: '999999' }, 'No such record'],
    ];
    for (const [body, text] of cases) {
      const answer = await save(body);
      expect(answer.body.type, JSON.stringify(body)).toBe('error');
      expect(String(message(answer)), JSON.stringify(body)).toContain(text);
    }
    expect(await ctx.prisma.insuranceType.count()).toBe(before);

    const added = await save(TERMS);
    expect(added.body.message).toMatchObject({ ...TERMS, min_quantity: 1, max_quantity: 5, status: 1 });
    const offered = await ctx.get('/api/insurance/types', trader.token);
    expect(offered.body.message).toContainEqual(
      expect.objectContaining({ name: 'Weekend cover', unit_amount: '50' }),
    );
    const [line] = await trailOf('insurance_type', added.body.message.id as number);
    expect(line).toMatchObject({ action: 'insurance.create', operator_id: operators.admin.id });
  });

  it("keeps a held position's claim terms: the claim rate waits until no position of the type is active", async () => {
    const typeId = (
      (await ctx.get('/api/admin/products/insurance', operators.viewer.token)).body.message as {
        id: number;
        name: string;
      }[]
    ).find((type) => type.name === 'Weekend cover')?.id as number;
    const buyer = await ctx.signedInUser({ tradePassword: '123456' });
    await ctx.deposit(buyer.account, 'HAP', '500');
    expect(
      (
        await ctx.post(
          '/api/wallet/change',
          {
            currency_id: await ctx.currencyId('HAP'),
            number: '500',
            from_field: 'change',
            to_field: 'micro',
          },
          buyer.token,
        )
      ).body.type,
    ).toBe('ok');
    const bought = await ctx.post(
      '/api/insurance/buy',
      { insurance_type_id: typeId, quantity: '2' },
      buyer.token,
    );
    expect(bought.body.type, JSON.stringify(bought.body)).toBe('ok');

    const claimChange = await save({ ...TERMS, id: typeId, claim_rate: '0.5' });
    expect(message(claimChange)).toBe(
      '1 active positions are insured by this type: withdraw it and change its claim rate or currency once they have ended',
    );
    const stored = await ctx.prisma.insuranceType.findUniqueOrThrow({ where: { id: typeId } });
    expect(stored.claim_rate.toFixed()).toBe('0.8');

    // The terms of sale may change: the premium of new purchases, and withdrawing the type.
    const withdrawn = await save({ ...TERMS, id: typeId, premium_rate: '0.07', status: '0' });
    expect(withdrawn.body.message).toMatchObject({ premium_rate: '0.07', status: 0, active_positions: 1 });
    const offered = (await ctx.get('/api/insurance/types', trader.token)).body.message as { id: number }[];
    expect(offered.map((type) => type.id)).not.toContain(typeId);
    expect((await trailOf('insurance_type', typeId)).map((line) => line.action)).toEqual([
      'insurance.create',
      'insurance.update',
    ]);
  });
});
