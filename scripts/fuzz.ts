import supertest from 'supertest';
import { buildApp } from '../apps/api/src/app';
import { auditExchange } from '../apps/api/src/areas';
import { openSession } from '../apps/api/src/modules/user';
import { createMessenger } from '../apps/api/src/modules/verification';
import { createOpsUser } from '../apps/api/src/ops/users';
import { opsDeposit } from '../apps/api/src/ops/wallet';
import { fuzzRoutes } from '../test/fuzz/fuzz';
import { routesOf, type OpenApiDocument } from '../test/fuzz/routes';
import { stateSnapshot } from '../test/fuzz/snapshot';
import { numberOption, openScratchExchange } from './scratch-exchange';

/**
 * `npm run fuzz -- --seed N --minutes M`: every route of /api/openapi.json fed generated bad input, as a
 * visitor and as a funded, verified user, for M minutes, on a scratch database; prints the routes, the
 * requests, each failure, whether any state changed and the audit. Exits 1 when anything failed.
 */
const args = process.argv.slice(2);
const option = (name: string, fallback: number) => numberOption(args, name, fallback);
const seed = option('--seed', Date.now() % 1_000_000);
const minutes = option('--minutes', 1);
/** The same request sent this many times at once, once per route and identity in every round. */
const BURST = 20;

async function main(): Promise<void> {
  const { close, ...exchange } = await openScratchExchange({
    name: 'fuzz',
    logLevel: 'silent',
    connections: 8,
  });
  const { config, prisma } = exchange;
  const app = await buildApp({ ...exchange, messenger: createMessenger(prisma, { from: config.SMTP_FROM }) });
  try {
    await app.ready();
    const account = 'fuzz@fuzz.exchange';
    const user = await createOpsUser(prisma, {
      account,
      password: 'Secret123',
      tradePassword: '123456',
      kycApproved: true,
      seller: false,
    });
    await opsDeposit(prisma, { account, currency: 'USDT', amount: '1000' });
    const token = await openSession(prisma, user.id, '127.0.0.1', 1);
    const http = supertest(app.server);
    const document = (await http.get('/api/openapi.json')).body as OpenApiDocument;
    const routes = routesOf(document).filter(
      (route) => route.path !== '/api/env.json' && !route.path.startsWith('/api/pay/notify/'),
    );
    const before = await stateSnapshot(prisma);
    const deadline = Date.now() + minutes * 60_000;
    const visitor = await fuzzRoutes({
      http,
      routes,
      identities: [undefined],
      seed,
      perRoute: 1,
      burst: BURST,
      deadline,
    });
    const signedIn = await fuzzRoutes({
      http,
      routes: routes.filter((route) => route.path !== '/api/user/logout'),
      identities: [token],
      seed: seed + 1,
      perRoute: 1,
      burst: BURST,
      deadline,
    });
    const after = await stateSnapshot(prisma);
    const changed = Object.keys(before).filter((key) => before[key] !== after[key]);
    const audit = await auditExchange(prisma);
    const failures = [...visitor.failures, ...signedIn.failures];
    for (const failure of failures) console.log(JSON.stringify(failure));
    console.log(`seed ${seed}`);
    console.log(`routes ${routes.length}`);
    console.log(`requests ${visitor.requests + signedIn.requests}`);
    console.log(`failures ${failures.length}`);
    console.log(`state changed ${changed.length === 0 ? 'nothing' : changed.join(', ')}`);
    console.log(`audit ${audit.ok ? 'clean' : audit.problems.join('; ')}`);
    if (failures.length > 0 || changed.length > 0 || !audit.ok) process.exitCode = 1;
  } finally {
    await app.close();
    await close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
