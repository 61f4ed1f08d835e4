import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../harness';
import { routesOf, type FuzzRoute } from '../fuzz/routes';
import { stateSnapshot } from '../fuzz/snapshot';
import { OWNED_RECORDS, PUBLIC_IDS, type Owner } from './matrix';

/**
 * The ownership matrix: for every route that names a record by id, user B tries user A's record. B sees
 * nothing of A's and changes nothing of A's. The routes come from /api/openapi.json; which record an id
 * names comes from matrix.ts, so a new id-taking route without an entry there fails the first test.
 */
let ctx: TestContext;
let routes: FuzzRoute[];
beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.startMatcher();
  routes = routesOf((await ctx.get('/api/openapi.json')).body);
});
afterAll(() => ctx.close());

const ID_FIELD = /(^|_)ids?$/i;
const idFields = (route: FuzzRoute) => [
  ...route.fields.filter((field) => ID_FIELD.test(field)),
  ...[...route.path.matchAll(/\{(\w+)\}/g)].map((match) => `{${match[1]}}`),
];
const key = (route: FuzzRoute) => `${route.method} ${route.path}`;

describe('the ownership matrix', () => {
  it('knows what every id of every route names', () => {
    const unknown = routes.flatMap((route) =>
      idFields(route)
        .filter(
          (field) =>
            !OWNED_RECORDS[key(route)]?.field.includes(field) && !PUBLIC_IDS[key(route)]?.includes(field),
        )
        .map((field) => `${key(route)} takes ${field}: add it to test/ownership/matrix.ts`),
    );
    expect(unknown).toEqual([]);
  });

  it("lets no one read or change another user's records by id", async () => {
    const alice: Owner = await ctx.signedInUser({ tradePassword: '123456', kyc: true });
    const bob = await ctx.signedInUser({ tradePassword: '123456', kyc: true });
    for (const account of [alice.account, bob.account]) {
      await ctx.deposit(account, 'USDT', '10000');
      await ctx.deposit(account, 'BTC', '1');
    }
    const attempts: string[] = [];
    for (const [route, entry] of Object.entries(OWNED_RECORDS)) {
      const record = await entry.create(ctx, alice);
      const before = await stateSnapshot(ctx.prisma);
      const [method = 'POST', path = ''] = route.split(' ');
      const fields = {
        ...entry.extra,
        ...Object.fromEntries(entry.field.map((field) => [field, String(record.id)])),
      };
      const answer =
        method === 'GET'
          ? await ctx.get(`${path}?${new URLSearchParams(fields).toString()}`, bob.token)
          : await ctx.http[method.toLowerCase() as 'post' | 'put' | 'delete'](path)
              .set('Authorization', bob.token)
              .type('form')
              .send(fields);
      if (JSON.stringify(answer.body).includes(record.marker))
        attempts.push(`${route}: Bob saw ${record.marker}`);
      if (answer.body.type === 'ok' || answer.body.code === 0) attempts.push(`${route}: Bob was answered ok`);
      if (JSON.stringify(await stateSnapshot(ctx.prisma)) !== JSON.stringify(before))
        attempts.push(`${route}: something changed`);
      if (!(await record.stillIntact())) attempts.push(`${route}: Alice's record changed`);
    }
    expect(attempts).toEqual([]);
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it("never shows a user's account to another who names it with user_id", async () => {
    const alice = await ctx.signedInUser();
    const bob = await ctx.signedInUser();
    const leaks: string[] = [];
    for (const route of routes) {
      if (route.path.includes('{') || route.path === '/api/user/logout') continue;
      const fields = { user_id: String(alice.id), uid: String(alice.id) };
      const answer =
        route.method === 'GET'
          ? await ctx.get(`${route.path}?${new URLSearchParams(fields).toString()}`, bob.token)
          : await ctx.http[route.method.toLowerCase() as 'post'](route.path)
              .set('Authorization', bob.token)
              .type('form')
              .send(fields);
      if (answer.text.includes(alice.account)) leaks.push(`${key(route)} showed Alice's account to Bob`);
    }
    expect(leaks).toEqual([]);
  });
});
