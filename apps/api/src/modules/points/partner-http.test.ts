import {
  createServer,
  type IncomingMessage,
  type RequestListener,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@exchange/kernel/config';
import { AppError } from '@exchange/kernel/errors';
import { Money } from '@exchange/kernel/ledger';
import { createTestContext, type TestContext } from '../../../../../test/harness';
import { pointsPartnerOf } from './partner';
import { createSandboxPartner, SANDBOX_PASSWORD } from './partner-sandbox';

/**
 * The exchange against a partner's points API over real HTTP (POINTS_PARTNER_URL). The partner's side is a
 * small server speaking the protocol the README documents, keeping its books with the sandbox partner (its
 * own tables), and able to fail the ways a remote platform fails: down, or taking the points but losing
 * its answer. With no partner configured, the points exchange says it is closed.
 */
const KEY = 'partner-key-0123456789';
const TRADE_PASSWORD = '135790';

type Mode = 'up' | 'down' | 'lose-debit-answers';
let mode: Mode = 'up';
let ctx: TestContext;
let closed: TestContext;
let server: Server;

async function readJson(request: IncomingMessage): Promise<Record<string, string>> {
  let text = '';
  for await (const chunk of request) text += String(chunk);
  return text ? (JSON.parse(text) as Record<string, string>) : {};
}

/** The partner's side of the protocol, with the sandbox's books behind it. */
function partnerApi(books: ReturnType<typeof createSandboxPartner>): RequestListener {
  const send = (response: ServerResponse, status: number, body: object) =>
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  return (request, response) => {
    void (async () => {
      if (mode === 'down') return send(response, 503, { error: 'maintenance' });
      if (request.headers.authorization !== `Bearer ${KEY}`) return send(response, 401, { error: 'key' });
      const path = request.url ?? '';
      const body = await readJson(request);
      try {
        if (request.method === 'POST' && path === '/v1/sign-in')
          return send(response, 200, {
            account: await books.signIn(body.user_name ?? '', body.password ?? ''),
          });
        const points = /^\/v1\/accounts\/([^/]+)\/points$/.exec(path);
        if (request.method === 'GET' && points?.[1])
          return send(response, 200, {
            points: (await books.pointsOf(decodeURIComponent(points[1]))).toFixed(),
          });
        if (request.method === 'POST' && path === '/v1/debits') {
          const outcome = await books.debit(
            body.account ?? '',
            new Money(body.points ?? '0'),
            body.reference ?? '',
          );
          // Taken, but the answer never reaches the exchange.
          if (mode === 'lose-debit-answers') return response.destroy();
          return send(response, 200, { outcome });
        }
        return send(response, 404, { error: 'not_found' });
      } catch (error) {
        if (error instanceof AppError && error.key === 'jc_partner_login_refused')
          return send(response, path.endsWith('/points') ? 404 : 403, { error: 'login_refused' });
        throw error;
      }
    })();
  };
}

beforeAll(async () => {
  // The server starts first (its address goes into the configuration); its books open with the context.
  const partner: { api?: RequestListener } = {};
  server = createServer((request, response) => partner.api?.(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  ctx = await createTestContext({
    POINTS_PARTNER_URL: `http://127.0.0.1:${port}/v1`,
    POINTS_PARTNER_KEY: KEY,
    POINTS_PARTNER_NAME: 'Acme Rewards',
  });
  partner.api = partnerApi(createSandboxPartner(ctx.app.pg, 'Acme Rewards'));
  await ctx.fundHouse('partner_pool', 'HAP', '1000');
  closed = await createTestContext({ POINTS_SANDBOX: 'off' });
});

afterAll(async () => {
  await Promise.all([ctx?.close(), closed?.close()]);
  await new Promise((resolve) => server?.close(resolve));
});

const exchange = (token: string, body: Record<string, string>) =>
  ctx
    .post('/api/jc/exchange', body, token)
    .then((response) => response.body as { type: string; message: unknown });

/** Everything an exchange touches, at the partner and here. */
async function holdings(user: { id: number }, partnerAccount: string) {
  const [account, hap, exchanges] = await Promise.all([
    ctx.prisma.pointsSandboxAccount.findUnique({ where: { user_name: partnerAccount } }),
    ctx.balance(user.id, 'HAP'),
    ctx.prisma.jcExchange.findMany({
      where: { user_id: user.id },
      select: { status: true },
      orderBy: { id: 'asc' },
    }),
  ]);
  return {
    points: account?.points.toFixed(),
    hap: hap.available,
    exchanges: exchanges.map((row) => row.status),
  };
}

describe('a partner reached over HTTP', () => {
  it('binds only what the partner accepts and exchanges points the partner holds', async () => {
    mode = 'up';
    const user = await ctx.signedInUser({ tradePassword: TRADE_PASSWORD });
    expect((await ctx.get('/api/jc/bind', user.token)).body.message).toEqual({
      user_name: '',
      partner: 'Acme Rewards',
      sandbox: null,
    });
    expect(
      (await ctx.post('/api/jc/bind', { user_name: 'acme-1', password: 'nope' }, user.token)).body,
    ).toEqual({
      type: 'error',
      message: 'The points partner refused this account name or password',
    });
    expect(
      (await ctx.post('/api/jc/bind', { user_name: 'acme-1', password: SANDBOX_PASSWORD }, user.token)).body,
    ).toEqual({
      type: 'ok',
      message: 'Bound your Acme Rewards account',
    });
    expect((await ctx.get('/api/jc/info', user.token)).body.message).toMatchObject({
      jc_integral: '10000',
      partner: 'Acme Rewards',
    });
    // 1000 points, 1 % fee: 990 × 0.01 USD / 1 USD = 9.9 HAP.
    expect(await exchange(user.token, { use_number: '1000', password: TRADE_PASSWORD })).toEqual({
      type: 'ok',
      message: 'Exchanged 1000 points for 9.9 HAP',
    });
    expect(await holdings(user, 'acme-1')).toEqual({ points: '9000', hap: '9.9', exchanges: [1] });
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('with the partner down, answers so and changes nothing', async () => {
    mode = 'up';
    const user = await ctx.signedInUser({ tradePassword: TRADE_PASSWORD });
    await ctx.post('/api/jc/bind', { user_name: 'acme-2', password: SANDBOX_PASSWORD }, user.token);
    const before = await holdings(user, 'acme-2');
    mode = 'down';
    const down = {
      type: 'error',
      message: 'The points partner is not answering; nothing was changed, please try later',
    };
    expect((await ctx.get('/api/jc/info', user.token)).body).toEqual(down);
    expect(await exchange(user.token, { use_number: '10', password: TRADE_PASSWORD })).toEqual(down);
    expect(
      (await ctx.post('/api/jc/bind', { user_name: 'acme-3', password: SANDBOX_PASSWORD }, user.token)).body,
    ).toEqual(down);
    expect(await holdings(user, 'acme-2')).toEqual(before);
    expect((await ctx.get('/api/jc/bind', user.token)).body.message.user_name).toBe('acme-2');
    mode = 'up';
  });

  it('settles an exchange whose answer was lost once the partner answers, paying once', async () => {
    mode = 'up';
    const user = await ctx.signedInUser({ tradePassword: TRADE_PASSWORD });
    await ctx.post('/api/jc/bind', { user_name: 'acme-4', password: SANDBOX_PASSWORD }, user.token);
    mode = 'lose-debit-answers';
    expect(await exchange(user.token, { use_number: '500', password: TRADE_PASSWORD })).toEqual({
      type: 'error',
      message: expect.stringContaining('did not confirm in time') as unknown,
    });
    // The partner took the points; the exchange waits for its word before paying.
    expect(await holdings(user, 'acme-4')).toEqual({ points: '9500', hap: '0', exchanges: [0] });
    expect((await ctx.get('/api/jc/exchange', user.token)).body.message.data[0]).toMatchObject({ status: 0 });
    mode = 'up';
    // The next points call asks again under the same reference: taken once, paid once.
    await Promise.all([ctx.get('/api/jc/info', user.token), ctx.get('/api/jc/info', user.token)]);
    expect(await holdings(user, 'acme-4')).toEqual({ points: '9500', hap: '4.95', exchanges: [1] });
    expect(await ctx.prisma.pointsSandboxDebit.count({ where: { user_name: 'acme-4' } })).toBe(1);
    expect((await ctx.get('/api/jc/info', user.token)).body.message.jc_integral).toBe('9500');
    expect(await holdings(user, 'acme-4')).toEqual({ points: '9500', hap: '4.95', exchanges: [1] });
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('treats a partner refusing the exchange’s key as down', async () => {
    mode = 'up';
    const user = await ctx.signedInUser();
    const config = loadConfig({
      NODE_ENV: 'test',
      POINTS_PARTNER_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/`,
      POINTS_PARTNER_KEY: 'another-key-0123456789',
    });
    const partner = pointsPartnerOf(config.POINTS_PARTNER, ctx.app.pg);
    await expect(partner?.signIn('acme-5', SANDBOX_PASSWORD)).rejects.toMatchObject({
      key: 'jc_partner_down',
    });
    expect(await ctx.prisma.jcBinding.count({ where: { user_id: user.id } })).toBe(0);
  });
});

describe('no partner configured', () => {
  it('says the points exchange is closed and changes nothing', async () => {
    const user = await closed.signedInUser({ tradePassword: TRADE_PASSWORD });
    expect((await closed.get('/api/jc/bind', user.token)).body.message).toEqual({
      user_name: '',
      partner: '',
      sandbox: null,
    });
    const shut = { type: 'error', message: 'The points exchange is closed: no points partner is configured' };
    expect(
      (await closed.post('/api/jc/bind', { user_name: 'x', password: SANDBOX_PASSWORD }, user.token)).body,
    ).toEqual(shut);
    expect((await closed.get('/api/jc/info', user.token)).body).toEqual(shut);
    expect(
      (await closed.post('/api/jc/exchange', { use_number: '1', password: TRADE_PASSWORD }, user.token)).body,
    ).toEqual(shut);
    expect(await closed.prisma.jcBinding.count()).toBe(0);
  });
});

describe('the points partner settings', () => {
  it('takes the partner API with its key, else the sandbox outside production, else none', () => {
    const partner = (env: Record<string, string>) => loadConfig({ NODE_ENV: 'test', ...env }).POINTS_PARTNER;
    expect(partner({})).toEqual({ kind: 'sandbox', name: 'Sandbox partner' });
    expect(partner({ POINTS_SANDBOX: 'off' })).toBeNull();
    expect(
      partner({ POINTS_PARTNER_URL: 'https://points.acme.example/api', POINTS_PARTNER_KEY: KEY }),
    ).toEqual({
      kind: 'http',
      name: 'points.acme.example',
      url: 'https://points.acme.example/api',
      key: KEY,
    });
    expect(
      loadConfig({
        NODE_ENV: 'production',
        APP_SECRET: 'a-private-secret-value',
        OPERATOR_TOTP_KEY: 'k'.repeat(32),
      }).POINTS_PARTNER,
    ).toBeNull();
    expect(() => partner({ POINTS_PARTNER_URL: 'https://points.acme.example' })).toThrow(
      /POINTS_PARTNER_KEY/,
    );
    expect(() => partner({ POINTS_PARTNER_KEY: KEY })).toThrow(/POINTS_PARTNER_URL/);
    expect(() => partner({ POINTS_PARTNER_URL: 'https://p.example', POINTS_PARTNER_KEY: 'short' })).toThrow(
      /16/,
    );
    expect(() =>
      partner({ POINTS_PARTNER_URL: 'https://p.example', POINTS_PARTNER_KEY: KEY, POINTS_SANDBOX: 'on' }),
    ).toThrow(/choose one/);
  });
});
