import { beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, useTestContext } from '../../../../../test/harness';
import {
  expectRoleGate,
  FORBIDDEN,
  SIGN_IN_REQUIRED,
  signedInOperator,
  signedInOperators,
  type RoleRoute,
  type TestOperator,
  freshCode,
} from '../../../../../test/operators';
import { appealedOrder, legalOf } from '../../../../../test/p2p';
import { createOperator, disableOperator, setOperatorRole, totpCode, type OperatorRole } from '.';

const ctx = useTestContext();
let trader: { id: number; account: string; token: string };
let operators: Record<OperatorRole, TestOperator>;

beforeAll(async () => {
  trader = await ctx.signedInUser({ tradePassword: '246810', kyc: true });
  operators = await signedInOperators(ctx);
});

const SIGN_IN_FAILED = 'The login, password or two-factor code is incorrect';

const send = (method: 'GET' | 'POST', path: string, body: Record<string, string | number>, token?: string) =>
  (method === 'GET' ? ctx.get(path, token) : ctx.post(path, body, token)).then((answer) => answer.body);

const spotOf = async (userId: number, currency: string) => {
  const { available, locked } = await ctx.balance(userId, currency);
  return [available, locked];
};
const trailOf = (targetType: string, targetId: number | string) =>
  ctx.prisma.operatorAuditTrail.findMany({ where: { target_type: targetType, target_id: String(targetId) } });

/**
 * Every admin call with its minimum role; bodies that pass validation but name nothing, so an allowed role
 * reaches the call's own checks and nothing changes.
 */
const ROUTES: RoleRoute[] = [
  { method: 'GET', path: '/api/admin/users', minimum: 'viewer' },
  { method: 'GET', path: '/api/admin/users/detail', minimum: 'viewer', query: () => `?id=${trader.id}` },
  { method: 'GET', path: '/api/admin/dashboard', minimum: 'viewer' },
  { method: 'GET', path: '/api/admin/trail', minimum: 'viewer' },
  { method: 'GET', path: '/api/admin/identities', minimum: 'viewer' },
  { method: 'GET', path: '/api/admin/withdrawals', minimum: 'viewer' },
  { method: 'GET', path: '/api/admin/deposits', minimum: 'viewer' },
  { method: 'GET', path: '/api/admin/hot-wallets', minimum: 'viewer' },
  { method: 'GET', path: '/api/admin/markets', minimum: 'viewer' },
  { method: 'GET', path: '/api/admin/appeals', minimum: 'viewer' },
  { method: 'GET', path: '/api/admin/notices', minimum: 'viewer' },
  {
    method: 'POST',
    path: '/api/admin/identities/review',
    minimum: 'support',
    body: { id: '999999', decision: 'approve' },
  },
  {
    method: 'POST',
    path: '/api/admin/notices/save',
    minimum: 'support',
    body: { id: '999999', c_id: '4', lang: 'en', title: 'x' },
  },
  { method: 'POST', path: '/api/admin/notices/delete', minimum: 'support', body: { id: '999999' } },
  {
    method: 'POST',
    path: '/api/admin/withdrawals/finish',
    minimum: 'finance',
    body: { id: '999999', decision: 'reject', reason: 'x' },
  },
  { method: 'POST', path: '/api/admin/withdrawals/approve', minimum: 'finance', body: { id: '999999' } },
  {
    method: 'POST',
    path: '/api/admin/withdrawals/signer',
    minimum: 'finance',
    body: { id: '999999', decision: 'refund', reason: 'x' },
  },
  {
    method: 'POST',
    path: '/api/admin/deposits/confirm',
    minimum: 'finance',
    body: { account: 'nobody@test.exchange', currency: 'USDT', amount: '1', txid: 'matrix' },
  },
  {
    method: 'POST',
    path: '/api/admin/appeals/resolve',
    minimum: 'finance',
    body: { id: '999999', decision: 'refund', reason: 'x' },
  },
  {
    method: 'POST',
    path: '/api/admin/markets/flags',
    minimum: 'admin',
    body: { id: '999999', is_display: '1' },
  },
];

describe('access: every call x every role, a trader token and no token', () => {
  for (const route of ROUTES) {
    it(`${route.method} ${route.path} needs ${route.minimum}`, async () => {
      for (const { answer } of await expectRoleGate(ctx, route, trader.token, operators)) {
        if (route.method === 'GET') expect(answer.type).toBe('ok');
      }
    });
  }

  it('checks the operator before the input: a caller without a session learns nothing of what a call takes', async () => {
    const spec = (await ctx.get('/api/openapi.json')).body as {
      paths: Record<string, Record<string, unknown>>;
    };
    const calls = Object.entries(spec.paths)
      .filter(([path]) => path.startsWith('/api/admin') && path !== '/api/admin/login')
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => ({ path, method })));
    expect(calls.length).toBeGreaterThan(30);
    const badInput = { id: 'not-a-number', status: '99', page: '-1', limit: 'x', lang: 'xx' };
    for (const { path, method } of calls) {
      const query = `?${new URLSearchParams(badInput).toString()}`;
      const answer =
        method === 'get'
          ? await ctx.get(path + query)
          : await ctx.http.post(path).set('Authorization', trader.token).type('form').send(badInput);
      expect(answer.body, `${method} ${path}`).toEqual(SIGN_IN_REQUIRED);
    }
  });

  it('no route changes or deletes a trail line; operators change only through the admin-only calls', async () => {
    const spec = (await ctx.get('/api/openapi.json')).body as { paths: Record<string, unknown> };
    // Markets and products, settings and banners (/api/admin/products/) have their table in admin-products.test.ts;
    // users' records and changes, sellers, acceptors, payments and an appeal's detail in admin-users.test.ts;
    // operators, house funding, creating users and their codes in admin-routine.test.ts; points in
    // admin-points.test.ts.
    const elsewhere =
      /^\/api\/admin\/(products\/|users\/(records|freeze|agent|reset-trade-password|create|codes)$|payments$|sellers|acceptors|appeals\/detail$|operators|house\/|points)/;
    const everyPath = Object.keys(spec.paths).filter((path) => path.startsWith('/api/admin'));
    expect(
      everyPath.filter((path) => /trail\/|role/.test(path) && !path.startsWith('/api/admin/operators/')),
    ).toEqual([]);
    expect(everyPath.filter((path) => path.includes('operator')).sort()).toEqual([
      '/api/admin/operators',
      '/api/admin/operators/create',
      '/api/admin/operators/disable',
      '/api/admin/operators/role',
    ]);
    const adminPaths = everyPath.filter((path) => !elsewhere.test(path));
    expect(adminPaths.sort()).toEqual(
      [
        ...new Set([
          ...ROUTES.map((route) => route.path),
          '/api/admin/login',
          '/api/admin/logout',
          '/api/admin/me',
          '/api/admin/totp/setup',
          '/api/admin/totp/confirm',
        ]),
      ].sort(),
    );
  });
});

describe('sign-in, two-factor and sessions', () => {
  it('makes finance and admin enrol two-factor (QR code) before any call, then asks for a code at sign-in', async () => {
    const login = `fin-${Date.now()}`;
    const password = 'Finance-pass-9';
    await createOperator(ctx.prisma, { login, role: 'finance', password });
    const first = await ctx.post('/api/admin/login', { login, password });
    expect(first.body.message).toMatchObject({
      role: 'finance',
      totp_enrolled: false,
      needs_enrolment: true,
    });
    const token = first.body.message.token as string;
    expect(await send('GET', '/api/admin/dashboard', {}, token)).toEqual({
      type: 'error',
      message: 'Set up two-factor authentication first',
    });
    expect((await ctx.get('/api/admin/me', token)).body.message.needs_enrolment).toBe(true);

    const setup = (await ctx.post('/api/admin/totp/setup', {}, token)).body.message;
    expect(setup.qr).toMatch(/^data:image\/png;base64,/);
    expect(setup.uri).toContain(`otpauth://totp/`);
    expect(setup.uri).toContain(setup.secret);
    expect((await ctx.post('/api/admin/totp/confirm', { code: '000000' }, token)).body.message).toBe(
      'The two-factor code is wrong or was already used',
    );
    expect((await ctx.post('/api/admin/totp/confirm', { code: totpCode(setup.secret) }, token)).body).toEqual(
      {
        type: 'ok',
        message: 'Two-factor authentication is on',
      },
    );
    expect((await ctx.get('/api/admin/dashboard', token)).body.type).toBe('ok');
    expect((await ctx.post('/api/admin/totp/setup', {}, token)).body.message).toBe(
      'This record was already processed',
    );

    // Signing in again needs a code, and each code signs in once.
    expect((await ctx.post('/api/admin/login', { login, password })).body.message).toBe(SIGN_IN_FAILED);
    expect(
      (await ctx.post('/api/admin/login', { login, password, code: totpCode(setup.secret) })).body.message,
    ).toBe(SIGN_IN_FAILED);
    const next = totpCode(setup.secret, Date.now() + 30_000);
    const again = await ctx.post('/api/admin/login', { login, password, code: next });
    expect(again.body.message).toMatchObject({ role: 'finance', totp_enrolled: true, totp_passed: true });
    expect((await ctx.post('/api/admin/login', { login, password, code: next })).body.type).toBe('error');
    const trail = await trailOf(
      'operator',
      (await ctx.prisma.operator.findUniqueOrThrow({ where: { login } })).id,
    );
    expect(trail.map((line) => line.action)).toEqual(['operator.create', 'operator.totp_enrol']);
  });

  it('refuses wrong passwords alike, and limits guessing like the traders’ sign-in', async () => {
    const { login } = operators.viewer;
    expect((await ctx.post('/api/admin/login', { login, password: 'wrong-password' })).body).toEqual({
      type: 'error',
      message: SIGN_IN_FAILED,
    });
    expect((await ctx.post('/api/admin/login', { login: 'nobody-here', password: 'x' })).body.message).toBe(
      SIGN_IN_FAILED,
    );
    // A trader's account and password are no operator's.
    expect(
      (await ctx.post('/api/admin/login', { login: trader.account, password: 'Secret123' })).body.type,
    ).toBe('error');
    const victim = await signedInOperator(ctx, 'support');
    const answers = await Promise.all(
      Array.from({ length: 14 }, () =>
        ctx.post('/api/admin/login', { login: victim.login, password: 'guess-guess' }),
      ),
    );
    const refusedUnchecked = answers.filter((answer) =>
      /Too many attempts|try again in/.test(answer.body.message as string),
    );
    expect(refusedUnchecked.length).toBeGreaterThanOrEqual(4);
  });

  it('ends a session after 30 idle minutes, after 8 hours, at sign-out, and when the operator is disabled', async () => {
    const idle = await signedInOperator(ctx, 'viewer');
    await ctx.prisma.operatorSession.updateMany({
      where: { operator_id: idle.id },
      data: { last_seen_at: new Date(Date.now() - 31 * 60_000) },
    });
    expect(await send('GET', '/api/admin/me', {}, idle.token)).toEqual(SIGN_IN_REQUIRED);

    const old = await signedInOperator(ctx, 'viewer');
    await ctx.prisma.operatorSession.updateMany({
      where: { operator_id: old.id },
      data: { created_at: new Date(Date.now() - 8 * 3_600_000 - 1000) },
    });
    expect(await send('GET', '/api/admin/me', {}, old.token)).toEqual(SIGN_IN_REQUIRED);

    const leaving = await signedInOperator(ctx, 'support');
    expect((await ctx.get('/api/admin/me', leaving.token)).body.type).toBe('ok');
    expect((await ctx.post('/api/admin/logout', {}, leaving.token)).body.type).toBe('ok');
    expect(await send('GET', '/api/admin/me', {}, leaving.token)).toEqual(SIGN_IN_REQUIRED);

    const disabled = await signedInOperator(ctx, 'support');
    await disableOperator(ctx.prisma, disabled.login);
    expect(await send('GET', '/api/admin/me', {}, disabled.token)).toEqual(SIGN_IN_REQUIRED);
    expect(
      (await ctx.post('/api/admin/login', { login: disabled.login, password: disabled.password })).body.type,
    ).toBe('error');
  });

  it('applies a role change at the next call', async () => {
    const moving = await signedInOperator(ctx, 'support');
    expect((await ctx.get('/api/admin/me', moving.token)).body.message.role).toBe('support');
    await setOperatorRole(ctx.prisma, moving.login, 'viewer');
    expect(await send('POST', '/api/admin/notices/delete', { id: 1 }, moving.token)).toEqual(FORBIDDEN);
    await setOperatorRole(ctx.prisma, moving.login, 'admin');
    // An admin without two-factor must enrol first.
    expect((await ctx.get('/api/admin/markets', moving.token)).body.message).toBe(
      'Set up two-factor authentication first',
    );
  });
});

describe('the audit trail', () => {
  it('cannot be updated, deleted or truncated, by anyone', async () => {
    const [line] = await ctx.prisma.operatorAuditTrail.findMany({ take: 1 });
    expect(line).toBeDefined();
    await expect(
      ctx.prisma.$executeRawUnsafe(`UPDATE operator_audit_trail SET reason = 'x' WHERE id = ${line?.id}`),
    ).rejects.toThrow(/append-only/);
    await expect(
      ctx.prisma.$executeRawUnsafe(`DELETE FROM operator_audit_trail WHERE id = ${line?.id}`),
    ).rejects.toThrow(/append-only/);
    await expect(ctx.prisma.$executeRawUnsafe('TRUNCATE operator_audit_trail')).rejects.toThrow(
      /append-only/,
    );
    expect(await ctx.prisma.operatorAuditTrail.count({ where: { id: line?.id } })).toBe(1);
  });

  it('is listed newest first with the operator', async () => {
    const answer = (await ctx.get('/api/admin/trail?limit=5', operators.viewer.token)).body.message;
    expect(answer.total).toBeGreaterThan(0);
    expect(answer.list[0]).toHaveProperty('operator');
  });
});

describe('identity review', () => {
  async function submission() {
    const user = await ctx.signedInUser();
    const row = await ctx.prisma.identityVerification.create({
      data: {
        user_id: user.id,
        name: 'Test Person',
        card_id: `ID${user.id}X${Date.now()}`,
        front_pic: '/upload/front.png',
        reverse_pic: '/upload/back.png',
        hand_pic: '/upload/hand.png',
        review_status: 1,
      },
    });
    return { user, id: row.id };
  }

  it('approves a waiting submission once, tells the user, and writes the trail', async () => {
    const { user, id } = await submission();
    const queue = (await ctx.get('/api/admin/identities?status=1', operators.viewer.token)).body.message;
    expect(queue.list.find((row: { id: number }) => row.id === id)).toMatchObject({
      account: user.account,
      front_pic: '/upload/front.png',
      reverse_pic: '/upload/back.png',
      hand_pic: '/upload/hand.png',
    });
    const [first, second] = await Promise.all([
      ctx.post('/api/admin/identities/review', { id, decision: 'approve' }, operators.support.token),
      ctx.post('/api/admin/identities/review', { id, decision: 'approve' }, operators.admin.token),
    ]);
    const bodies = [first.body, second.body];
    expect(bodies.filter((body) => body.type === 'ok')).toHaveLength(1);
    expect(bodies.filter((body) => body.message === 'This record was already processed')).toHaveLength(1);
    expect((await ctx.get('/api/user/center', user.token)).body.message.review_status).toBe(2);
    const messages = await ctx.prisma.messageOutbox.findMany({
      where: { to: user.account, scene: 'notice' },
    });
    expect(messages.map((message) => message.body)).toEqual(['Your identity verification was approved']);
    expect((await trailOf('identity', id)).map((line) => [line.action, line.before, line.after])).toEqual([
      ['identity.approve', { review_status: 1 }, { review_status: 2 }],
    ]);
  });

  it('rejects only with a reason, back to 0, and tells the user why', async () => {
    const { user, id } = await submission();
    expect(
      (await ctx.post('/api/admin/identities/review', { id, decision: 'reject' }, operators.support.token))
        .body.message,
    ).toBe('Please give a reason');
    expect((await ctx.prisma.identityVerification.findUniqueOrThrow({ where: { id } })).review_status).toBe(
      1,
    );
    const rejected = await ctx.post(
      '/api/admin/identities/review',
      { id, decision: 'reject', reason: 'photo blurred' },
      operators.support.token,
    );
    expect(rejected.body.message).toEqual({ id, review_status: 0 });
    const [message] = await ctx.prisma.messageOutbox.findMany({
      where: { to: user.account, scene: 'notice' },
    });
    expect(message?.body).toBe('Your identity verification was rejected: photo blurred');
    const bads: Record<string, string | number>[] = [
      { id: 'abc' },
      { id: -1 },
      { id, decision: 'maybe' },
      {},
    ];
    for (const bad of bads) {
      const answer = await ctx.post('/api/admin/identities/review', bad, operators.support.token);
      expect(answer.body.type).toBe('error');
    }
  });
});

describe('money: deposits and withdrawals (finance, with a fresh code)', () => {
  const TRON = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';
  async function pendingWithdrawal(amount = '40') {
    const user = await ctx.signedInUser({ tradePassword: '246810' });
    await ctx.deposit(user.account, 'USDT', '100');
    const out = await ctx.post(
      '/api/wallet/out',
      {
        currency: await ctx.currencyId('USDT'),
        number: amount,
        address: TRON,
        rate: '0',
        pay_password: '246810',
      },
      user.token,
    );
    expect(out.body.type).toBe('ok');
    const row = await ctx.prisma.withdrawal.findFirstOrThrow({ where: { user_id: user.id } });
    return { user, id: row.id };
  }

  it('confirms a chain deposit through the ledger, once per txid, and the audit balances', async () => {
    const user = await ctx.signedInUser();
    const finance = operators.finance;
    const body = { account: user.account, currency: 'USDT', amount: '12.5', txid: `0xdep-${user.id}` };
    expect((await ctx.post('/api/admin/deposits/confirm', body, finance.token)).body.message).toBe(
      'Enter the code of your authenticator app',
    );
    expect(
      (await ctx.post('/api/admin/deposits/confirm', { ...body, totp_code: '123456' }, finance.token)).body
        .message,
    ).toBe('The two-factor code is wrong or was already used');
    expect(await spotOf(user.id, 'USDT')).toEqual(['0', '0']);

    const answers = await Promise.all(
      [1, 2].map(() =>
        ctx.post('/api/admin/deposits/confirm', { ...body, totp_code: freshCode(finance) }, finance.token),
      ),
    );
    expect(answers.map((answer) => answer.body.type).sort()).toEqual(['error', 'ok']);
    expect(await spotOf(user.id, 'USDT')).toEqual(['12.5', '0']);
    const deposit = await ctx.prisma.deposit.findFirstOrThrow({ where: { user_id: user.id } });
    expect((await trailOf('deposit', deposit.id)).map((line) => line.action)).toEqual(['deposit.confirm']);
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('refuses bad deposit input with nothing changed', async () => {
    const user = await ctx.signedInUser();
    const base = { account: user.account, currency: 'USDT', txid: `0xbad-${user.id}` };
    const cases: [Record<string, string>, string][] = [
      [{ ...base, amount: '-5' }, 'The amount must be greater than 0'],
      [{ ...base, amount: '0' }, 'The amount must be greater than 0'],
      [{ ...base, amount: '1.1234567890123' }, 'The amount can have at most'],
      [{ ...base, amount: 'abc' }, 'The amount must be a plain number'],
      [{ ...base, amount: '1', currency: 'NOPE' }, 'This currency does not exist'],
      [{ ...base, amount: '1', account: 'ghost@test.exchange' }, 'No such record'],
    ];
    for (const [body, message] of cases) {
      const answer = await ctx.post(
        '/api/admin/deposits/confirm',
        { ...body, totp_code: freshCode(operators.finance) },
        operators.finance.token,
      );
      expect(answer.body.type).toBe('error');
      expect(answer.body.message).toContain(message);
    }
    const missing = await ctx.post(
      '/api/admin/deposits/confirm',
      { totp_code: '1' },
      operators.finance.token,
    );
    expect(missing.body.type).toBe('error');
    expect(await spotOf(user.id, 'USDT')).toEqual(['0', '0']);
    expect(await ctx.prisma.deposit.count({ where: { user_id: user.id } })).toBe(0);
  });

  it('completes a withdrawal once when two operators race, the locked funds leave and the fee goes to the house', async () => {
    const { user, id } = await pendingWithdrawal();
    expect(await spotOf(user.id, 'USDT')).toEqual(['60', '40']);
    const other = await signedInOperator(ctx, 'finance');
    const answers = await Promise.all(
      [operators.finance, other].map((operator) =>
        ctx.post(
          '/api/admin/withdrawals/finish',
          { id, decision: 'complete', txid: '0xpaid', totp_code: freshCode(operator) },
          operator.token,
        ),
      ),
    );
    const bodies = answers.map((answer) => answer.body as { type: string; message: unknown });
    expect(bodies.filter((body) => body.type === 'ok')).toHaveLength(1);
    expect(bodies.filter((body) => body.message === 'This record was already processed')).toHaveLength(1);
    expect(await spotOf(user.id, 'USDT')).toEqual(['60', '0']);
    expect((await ctx.prisma.withdrawal.findUniqueOrThrow({ where: { id } })).status).toBe(2);
    expect((await trailOf('withdrawal', id)).map((line) => line.action)).toEqual(['withdrawal.complete']);
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('rejects a withdrawal only with a reason: the funds return', async () => {
    const { user, id } = await pendingWithdrawal('25');
    const finance = operators.finance;
    const noReason = await ctx.post(
      '/api/admin/withdrawals/finish',
      { id, decision: 'reject', totp_code: freshCode(finance) },
      finance.token,
    );
    expect(noReason.body.message).toBe('Please give a reason');
    const noTxid = await ctx.post(
      '/api/admin/withdrawals/finish',
      { id, decision: 'complete', totp_code: freshCode(finance) },
      finance.token,
    );
    expect(noTxid.body.message).toBe('txid is required');
    expect(await spotOf(user.id, 'USDT')).toEqual(['75', '25']);
    const rejected = await ctx.post(
      '/api/admin/withdrawals/finish',
      { id, decision: 'reject', reason: 'address flagged', totp_code: freshCode(finance) },
      finance.token,
    );
    expect(rejected.body).toEqual({ type: 'ok', message: { id, status: 3 } });
    expect(await spotOf(user.id, 'USDT')).toEqual(['100', '0']);
    const list = (await ctx.get('/api/admin/withdrawals?status=3', operators.viewer.token)).body.message;
    expect(list.find((row: { id: number }) => row.id === id)).toMatchObject({
      notes: 'address flagged',
      number: '25',
    });
    expect((await ctx.audit()).problems).toEqual([]);
  });
});

describe('markets, appeals and notices', () => {
  it('delists and relists a pair (admin): the market list and new orders follow', async () => {
    const pair = await ctx.prisma.currencyMatch.findFirstOrThrow({
      where: { currency: { name: 'ETH' }, legal: { name: 'USDT' } },
    });
    const admin = operators.admin;
    const listed = async () => {
      const groups = (await ctx.get('/api/currency/quotation_new')).body.message as {
        quotation: { match_id?: number; id?: number }[];
      }[];
      return groups.some((group) => group.quotation.some((row) => (row.match_id ?? row.id) === pair.id));
    };
    expect(await listed()).toBe(true);
    const delisted = await ctx.post(
      '/api/admin/markets/flags',
      { id: pair.id, is_display: '0' },
      admin.token,
    );
    expect(delisted.body.message).toMatchObject({ id: pair.id, is_display: 0 });
    expect(await listed()).toBe(false);
    const order = await ctx.post(
      '/api/coin/trade',
      { legal_id: pair.legal_id, currency_id: pair.currency_id, type: 1, target_price: '1', amount: '0.01' },
      trader.token,
    );
    expect(order.body.type).toBe('error');
    await ctx.post('/api/admin/markets/flags', { id: pair.id, is_display: '1' }, admin.token);
    expect(await listed()).toBe(true);
    const lines = await trailOf('pair', pair.id);
    expect(
      lines.map((line) =>
        [line.before, line.after].map((flags) => (flags as { is_display: number }).is_display),
      ),
    ).toEqual([
      [1, 0],
      [0, 1],
    ]);
    expect((await ctx.post('/api/admin/markets/flags', { id: pair.id }, admin.token)).body.type).toBe(
      'error',
    );
    expect(
      (await ctx.post('/api/admin/markets/flags', { id: pair.id, is_display: '7' }, admin.token)).body.type,
    ).toBe('error');
  });

  it('opens a pair through the spot area: a matcher started while it was closed matches its orders', async () => {
    const fresh = await createTestContext();
    const pair = await fresh.prisma.currencyMatch.findFirstOrThrow({
      where: { currency: { name: 'BTC' }, legal: { name: 'USDT' } },
    });
    await fresh.prisma.currencyMatch.update({ where: { id: pair.id }, data: { open_coin_trade: 0 } });
    const matcher = await fresh.startMatcher();
    try {
      const admin = await signedInOperator(fresh, 'admin');
      const opened = await fresh.post(
        '/api/admin/markets/flags',
        { id: pair.id, open_coin_trade: '1' },
        admin.token,
      );
      expect(opened.body.message).toMatchObject({ id: pair.id, open_coin_trade: 1 });
      const seller = await fresh.signedInUser();
      const buyer = await fresh.signedInUser();
      await fresh.deposit(seller.account, 'BTC', '1');
      await fresh.deposit(buyer.account, 'USDT', '1000');
      for (const [user, type] of [
        [seller, 2],
        [buyer, 1],
      ] as const) {
        const order = await fresh.post(
          '/api/coin/trade',
          {
            legal_id: pair.legal_id,
            currency_id: pair.currency_id,
            type,
            target_price: '200',
            amount: '0.1',
          },
          user.token,
        );
        expect(order.body.type).toBe('ok');
      }
      await expect
        .poll(() => fresh.prisma.spotOrder.count({ where: { match_id: pair.id, state: 'filled' } }), {
          timeout: 15_000,
        })
        .toBe(2);
      expect((await fresh.audit()).problems).toEqual([]);
    } finally {
      await matcher.stop();
      await fresh.close();
    }
  });

  it('resolves an appeal through the P2P area (finance, with a code): release sends the escrow to the buyer', async () => {
    const { seller, buyer, orderId } = await appealedOrder(ctx, '30');
    const listed = (await ctx.get('/api/admin/appeals', operators.viewer.token)).body.message;
    expect(listed.find((row: { id: number }) => row.id === orderId)).toMatchObject({
      taker: buyer.account,
      reason: 'no release',
    });
    const finance = operators.finance;
    const withoutReason = await ctx.post(
      '/api/admin/appeals/resolve',
      { id: orderId, decision: 'release', totp_code: freshCode(finance) },
      finance.token,
    );
    expect(withoutReason.body.message).toBe('Please give a reason');
    const answers = await Promise.all(
      ['release', 'refund'].map((decision) =>
        ctx.post(
          '/api/admin/appeals/resolve',
          { id: orderId, decision, reason: 'bank statement checked', totp_code: freshCode(finance) },
          finance.token,
        ),
      ),
    );
    expect(answers.filter((answer) => answer.body.type === 'ok')).toHaveLength(1);
    const order = await ctx.prisma.p2pOrder.findUniqueOrThrow({ where: { id: orderId } });
    const buyerLegal = await legalOf(ctx, buyer.id);
    const sellerLegal = await legalOf(ctx, seller.id);
    if (order.resolution === 'release') {
      expect(buyerLegal).toEqual(['30', '0']);
      expect(sellerLegal).toEqual(['0', '0']);
    } else {
      expect(buyerLegal).toEqual(['0', '0']);
      expect(sellerLegal).toEqual(['30', '0']);
    }
    expect((await trailOf('p2p_order', orderId)).map((line) => line.reason)).toEqual([
      'bank statement checked',
    ]);
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('publishes a notice the client then lists, changes and deletes it (support)', async () => {
    const support = operators.support;
    const saved = await ctx.post(
      '/api/admin/notices/save',
      { c_id: 11, lang: 'en', title: 'Maintenance tonight', abstract: 'Short', content: 'Long text' },
      support.token,
    );
    expect(saved.body.type).toBe('ok');
    const id = saved.body.message.id as number;
    const list = async () =>
      (
        (await ctx.post('/api/news/list', { c_id: 11, lang: 'en' })).body.message.list as { title: string }[]
      ).map((row) => row.title);
    expect(await list()).toContain('Maintenance tonight');
    await ctx.post(
      '/api/admin/notices/save',
      { id, c_id: 11, lang: 'en', title: 'Maintenance tomorrow' },
      support.token,
    );
    expect(await list()).toContain('Maintenance tomorrow');
    expect((await ctx.post('/api/admin/notices/delete', { id }, support.token)).body.type).toBe('ok');
    expect(await list()).not.toContain('Maintenance tomorrow');
    expect((await trailOf('notice', id)).map((line) => line.action)).toEqual([
      'notice.publish',
      'notice.update',
      'notice.delete',
    ]);
    expect(
      (await ctx.post('/api/admin/notices/save', { c_id: 999, lang: 'en', title: 'x' }, support.token)).body
        .type,
    ).toBe('error');
  });
});

describe('users', () => {
  it('finds a user by account or id and shows their four accounts and latest account log', async () => {
    const user = await ctx.signedInUser();
    await ctx.deposit(user.account, 'USDT', '42');
    const viewer = operators.viewer.token;
    const byAccount = (await ctx.get(`/api/admin/users?q=${encodeURIComponent(user.account)}`, viewer)).body
      .message;
    expect(byAccount.list.map((row: { id: number }) => row.id)).toEqual([user.id]);
    const byId = (await ctx.get(`/api/admin/users?q=${user.id}`, viewer)).body.message;
    expect(byId.list.map((row: { id: number }) => row.id)).toContain(user.id);
    const detail = (await ctx.get(`/api/admin/users/detail?id=${user.id}`, viewer)).body.message;
    expect(detail).toMatchObject({ id: user.id, account: user.account, open_orders: 0, open_positions: 0 });
    expect(detail.balances.find((row: { currency: string }) => row.currency === 'USDT')).toMatchObject({
      change: '42',
      lock_change: '0',
      legal: '0',
    });
    expect(detail.logs[0]).toMatchObject({
      currency: 'USDT',
      account: 'change',
      delta: '42',
      balance_after: '42',
    });
    expect((await ctx.get('/api/admin/users/detail?id=999999', viewer)).body.message).toBe('No such record');
    for (const bad of ['abc', '-1', '1e40', '99999999999']) {
      const answer = await ctx.get(`/api/admin/users/detail?id=${bad}`, viewer);
      expect(answer.status).toBe(200);
      expect(answer.body.type).toBe('error');
    }
  });
});

describe('dashboard', () => {
  it('shows users, today’s money, open markets, the house, the audit status and the queues', async () => {
    const answer = (await ctx.get('/api/admin/dashboard', operators.viewer.token)).body;
    expect(answer.type).toBe('ok');
    const board = answer.message;
    expect(board.users.total).toBeGreaterThan(0);
    expect(board.users.today).toBeGreaterThan(0);
    expect(board.deposits_today.find((row: { currency: string }) => row.currency === 'USDT')).toBeDefined();
    expect(board.audit).toEqual({ ok: true, problems: [] });
    expect(board.queues.map((queue: { name: string }) => queue.name)).toEqual([
      'p2p-deadlines',
      'micro-settle',
      'savings',
      'lever',
      'maintenance',
    ]);
    expect(Array.isArray(board.house)).toBe(true);
  });
});
