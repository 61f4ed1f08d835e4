import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../harness';
import { signedInOperator } from '../operators';
import { fuzzRoutes } from './fuzz';
import { routesOf } from './routes';
import { stateSnapshot } from './snapshot';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

// Routes whose purpose is to end the caller's session: fuzzed as a visitor only, so the token survives.
const SESSION_ENDING = new Set(['/api/user/logout']);
// Not calls of the contract's client: the static client configuration, and a payment provider's callback,
// which answers in the provider's protocol (plain text) and is fuzzed by its own tests.
const NOT_CONTRACT_CALLS = new Set(['/api/env.json', '/api/pay/notify/sandbox']);

describe('every route, fed bad input (a fixed-seed slice of npm run fuzz)', () => {
  it('answers an envelope, never a 5xx, a leak or a hang, and changes nothing', async () => {
    const user = await ctx.signedInUser({ tradePassword: '123456', kyc: true });
    await ctx.deposit(user.account, 'USDT', '1000');
    const routes = routesOf((await ctx.get('/api/openapi.json')).body).filter(
      (route) => !NOT_CONTRACT_CALLS.has(route.path),
    );
    expect(routes.length).toBeGreaterThan(40);
    // The operator console's calls, also with an operator's session: a viewer, whom every change refuses.
    const viewer = await signedInOperator(ctx, 'viewer');
    const before = await stateSnapshot(ctx.prisma);

    const visitor = await fuzzRoutes({
      http: ctx.http,
      routes,
      identities: [undefined],
      seed: 1,
      perRoute: 3,
      burst: 0,
    });
    const signedIn = await fuzzRoutes({
      http: ctx.http,
      routes: routes.filter((route) => !SESSION_ENDING.has(route.path)),
      identities: [user.token],
      seed: 2,
      perRoute: 4,
      // The same request at once, once per route: 5 copies signed in (the widest surface) keep the slice quick;
      // npm run fuzz sends 20 with every identity.
      burst: 5,
    });

    const operator = await fuzzRoutes({
      http: ctx.http,
      routes: routes.filter(
        (route) => route.path.startsWith('/api/admin/') && route.path !== '/api/admin/logout',
      ),
      identities: [viewer.token],
      seed: 3,
      perRoute: 4,
      burst: 0,
    });

    expect([...visitor.failures, ...signedIn.failures, ...operator.failures]).toEqual([]);
    expect(await stateSnapshot(ctx.prisma)).toEqual(before);
    expect((await ctx.audit()).problems).toEqual([]);
  }, 240_000);
});
