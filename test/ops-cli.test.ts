import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './harness';
import { createSandboxPartner, SANDBOX_PASSWORD } from '../apps/api/src/modules/points';
import { OPS_TEST_TIMEOUT_MS, runOps } from './ops-process';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const ops = (...args: string[]) => runOps(ctx, ...args);

describe('npm run ops', () => {
  it(
    'creates users, books deposits once per txid, processes withdrawals and audits the books',
    async () => {
      const created = await ops(
        'user:create',
        '--account',
        'ops@test.exchange',
        '--password',
        'Secret123',
        '--trade-password',
        '135790',
        '--kyc',
        'approved',
      );
      expect(created.json).toMatchObject({
        account_number: 'ops@test.exchange',
        extension_code: expect.stringMatching(/^[a-z0-9]{6}$/),
      });

      const deposit = [
        'deposit',
        '--account',
        'ops@test.exchange',
        '--currency',
        'USDT',
        '--amount',
        '120',
        '--txid',
        '0xops1',
      ];
      expect((await ops(...deposit)).json).toMatchObject({
        currency: 'USDT',
        amount: '120',
        txid: '0xops1',
        created: true,
      });
      expect((await ops(...deposit)).json).toMatchObject({ created: false });

      const login = await ctx.post('/api/user/login', {
        user_string: 'ops@test.exchange',
        password: 'Secret123',
      });
      const token = login.body.message as string;
      const usdt = await ctx.currencyId('USDT');
      const withdraw = {
        currency: usdt,
        number: '50',
        address: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8',
        pay_password: '135790',
      };
      expect((await ctx.post('/api/wallet/out', withdraw, token)).body.type).toBe('ok');
      expect((await ctx.post('/api/wallet/out', { ...withdraw, number: '20' }, token)).body.type).toBe('ok');

      const pending = (await ops('withdrawals')).json as { id: number; number: string }[];
      expect(pending.map((row) => row.number)).toEqual(['50', '20']);
      const [first, second] = pending;
      expect((await ops('withdrawal:complete', String(first?.id), '--txid', '0xpaid')).json).toEqual({
        id: first?.id,
        status: 2,
        txid: '0xpaid',
      });
      expect((await ops('withdrawal:reject', String(second?.id))).json).toMatchObject({
        id: second?.id,
        status: 3,
      });
      const again = await ops('withdrawal:complete', String(first?.id), '--txid', '0xpaid');
      expect(again.code).not.toBe(0);
      expect(again.json).toEqual({ error: `withdrawal ${first?.id} is not waiting to be processed` });

      const audit = await ops('audit');
      expect(audit.code).toBe(0);
      expect(audit.json).toMatchObject({ ok: true, problems: [] });
      expect(
        (audit.json as { currencies: { currency: string }[] }).currencies.find(
          (row) => row.currency === 'USDT',
        ),
      ).toEqual({
        currency: 'USDT',
        users: '70',
        house: '1',
        deposits: '120',
        withdrawals: '49',
      });

      await ctx.prisma.$executeRawUnsafe(
        'UPDATE wallets SET micro_balance = micro_balance + 5 WHERE user_id = (SELECT id FROM users WHERE account_number = $1) AND currency_id = $2',
        'ops@test.exchange',
        usdt,
      );
      const broken = await ops('audit');
      expect(broken.code).toBe(1);
      expect(broken.json).toMatchObject({ ok: false });
    },
    OPS_TEST_TIMEOUT_MS,
  );

  it(
    'prints the outbox and changes settings',
    async () => {
      await ctx.post('/api/sms_mail', { user_string: 'outbox@test.exchange', scene: 'register' });
      const outbox = (await ops('outbox', '--to', 'outbox@test.exchange')).json as {
        scene: string;
        code: string;
      }[];
      expect(outbox).toEqual([
        {
          to: 'outbox@test.exchange',
          scene: 'register',
          code: expect.stringMatching(/^\d{6}$/),
          created_at: expect.any(String),
        },
      ]);
      expect((await ops('setting:set', 'login_need_smscode', 'true')).json).toEqual({
        login_need_smscode: 'true',
      });
      expect((await ctx.get('/api/env.json')).body.login_need_smscode).toBe(true);
      const unknown = await ops('setting:set', 'no_such_setting', '1');
      expect(unknown.code).toBe(1);
      // The tests after this one sign users in without codes.
      await ops('setting:set', 'login_need_smscode', 'false');
    },
    OPS_TEST_TIMEOUT_MS,
  );
  it(
    'approves sellers, creates acceptors, assigns regional agents and resolves P2P appeals',
    async () => {
      const seller = await ctx.signedInUser();
      expect(
        (await ops('seller:approve', '--account', seller.account, '--name', 'Ops Shop', '--reason', 'kyb ok'))
          .json,
      ).toMatchObject({
        account: seller.account,
        currency: 'USDT',
        name: 'Ops Shop',
        status: 1,
      });
      expect((await ctx.prisma.user.findUniqueOrThrow({ where: { id: seller.id } })).is_seller).toBe(1);
      const acceptor = await ops(
        'acceptor:create',
        '--account',
        seller.account,
        '--recharge-rate',
        '7.2',
        '--cash-rate',
        '7.1',
        '--recharge-amount',
        '5000',
      );
      expect(acceptor.json).toMatchObject({ account: seller.account, currency: 'USDT' });
      expect(
        (await ops('agent:assign', '--account', seller.account, '--city', 'Shenzhen')).json,
      ).toMatchObject({
        city_name: 'Shenzhen',
      });
      const refused = await ops('p2p:resolve', '424242', 'release', '--reason', 'x');
      expect(refused).toEqual({ code: 1, json: { error: 'Order not found' } });
    },
    OPS_TEST_TIMEOUT_MS,
  );
  it(
    'tops up a sandbox partner account, and opens, changes and closes savings plans',
    async () => {
      await createSandboxPartner(ctx.app.pg, 'Sandbox partner').signIn('ops-grant', SANDBOX_PASSWORD);
      expect((await ops('points:grant', 'ops-grant', '25.5')).json).toEqual({
        account: 'ops-grant',
        granted: '25.5',
        points: '10025.5',
      });
      expect(await ops('points:grant', 'ops-grant', '1.001')).toEqual({
        code: 1,
        json: { error: 'The amount can have at most 2 decimal places' },
      });
      expect((await ops('points:grant', 'nobody-here', '5')).code).toBe(1);
      const account = await ctx.prisma.pointsSandboxAccount.findUniqueOrThrow({
        where: { user_name: 'ops-grant' },
      });
      expect(account.points.toFixed()).toBe('10025.5');
      // In the trail as the console's top-ups are, by the command line (no operator).
      const lines = await ctx.prisma.operatorAuditTrail.findMany({
        where: { action: 'points.sandbox_top_up', target_id: 'ops-grant' },
      });
      expect(lines.map((line) => [line.operator_id, line.request_id, line.after])).toEqual([
        [null, 'ops-cli', { points: '10025.5', granted: '25.5' }],
      ]);
      const plan = await ops(
        'savings:plan',
        '--currency',
        'ETH',
        '--day',
        '14',
        '--rate',
        '0.4',
        '--min',
        '0.1',
      );
      const { id } = plan.json as { id: number };
      expect(await ctx.prisma.savingsPlan.findUniqueOrThrow({ where: { id } })).toMatchObject({
        day: 14,
        status: 1,
      });
      await ops(
        'savings:plan',
        '--id',
        String(id),
        '--currency',
        'ETH',
        '--day',
        '14',
        '--rate',
        '0.5',
        '--min',
        '0.1',
        '--close',
      );
      const closed = await ctx.prisma.savingsPlan.findUniqueOrThrow({ where: { id } });
      expect([closed.rate.toFixed(), closed.status]).toEqual(['0.5', 0]);
      const listed = (await ops('savings:plans')).json as { id: number }[];
      expect(listed.some((row) => row.id === id)).toBe(false);
      expect(
        (await ops('savings:plan', '--currency', 'ETH', '--day', '0', '--rate', '1', '--min', '1')).code,
      ).toBe(1);
    },
    OPS_TEST_TIMEOUT_MS,
  );

  it(
    'creates operators (a one-time password, or one from standard input), changes roles and disables them',
    async () => {
      const created = await ops('operator:create', 'first-admin', 'admin');
      expect(created.code).toBe(0);
      const { password } = created.json as { password: string };
      expect(password.length).toBeGreaterThanOrEqual(16);
      expect(created.json).toMatchObject({ login: 'first-admin', role: 'admin', disabled: false });
      const signIn = await ctx.post('/api/admin/login', { login: 'first-admin', password });
      expect(signIn.body.message).toMatchObject({ role: 'admin', needs_enrolment: true });
      const stored = await ctx.prisma.operator.findUniqueOrThrow({ where: { login: 'first-admin' } });
      expect(stored.password_hash).toMatch(/^\$argon2id\$/);

      const piped = await new Promise<string>((resolve) => {
        const child = spawn(
          'npx',
          ['tsx', 'apps/api/src/ops/cli.ts', 'operator:create', 'helper', 'support', '--password-stdin'],
          {
            env: { ...process.env, DATABASE_URL: ctx.databaseUrl, LOG_LEVEL: 'silent' },
          },
        );
        let out = '';
        child.stdout.on('data', (chunk) => (out += String(chunk)));
        child.on('close', () => resolve(out));
        child.stdin.end('Piped-password-1\n');
      });
      expect(piped).not.toContain('Piped-password-1');
      expect(
        (await ctx.post('/api/admin/login', { login: 'helper', password: 'Piped-password-1' })).body.type,
      ).toBe('ok');

      expect((await ops('operator:role', 'helper', 'finance')).json).toMatchObject({ role: 'finance' });
      expect((await ops('operator:role', 'helper', 'boss')).code).toBe(1);
      expect((await ops('operator:create', 'helper', 'viewer')).json).toEqual({
        error: 'The operator helper exists already',
      });
      expect((await ops('operator:disable', 'helper')).json).toMatchObject({ disabled: true });
      expect(
        (await ctx.post('/api/admin/login', { login: 'helper', password: 'Piped-password-1' })).body.type,
      ).toBe('error');
      const trail = await ctx.prisma.operatorAuditTrail.findMany({
        where: { target_type: 'operator' },
        orderBy: { id: 'asc' },
      });
      expect(trail.map((line) => [line.action, line.operator_id])).toEqual([
        ['operator.create', null],
        ['operator.create', null],
        ['operator.role', null],
        ['operator.disable', null],
      ]);
    },
    OPS_TEST_TIMEOUT_MS,
  );
});
