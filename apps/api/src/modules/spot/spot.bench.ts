import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import type { Db } from '../../db/prisma';
import { createRedis } from '../../infra/connections';
import { auditLedger } from '../../ledger/audit';
import { createOpsUser } from '../../ops/users';
import { opsDeposit } from '../../ops/wallet';
import { Matcher } from '../../../../../workers/src/matcher/matcher';
import { createMessenger } from '../verification/messenger';

/**
 * End to end: orders through HTTP (form-encoded, as the client sends them) into the running API and
 * matcher, half of them crossing, from concurrent connections for a fixed time. An order counts as
 * accepted when the API answered ok, which it only does once the order is committed (stored with its
 * funds locked; matched too when the matcher answered within the wait). Prints accepted orders/s and the
 * latency percentiles.
 */
const USERS = 32;
const CONNECTIONS = 64;
const DURATION_MS = 8_000;

export async function benchSpotEndToEnd(
  prisma: Db,
  databaseUrl: string,
  redisUrl: string,
): Promise<Record<string, number>> {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: `bench:${process.pid}:`,
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent',
  });
  const redis = createRedis(redisUrl, config.REDIS_PREFIX);
  const app = await buildApp({
    config,
    prisma,
    redis,
    redisUrl,
    databaseUrl,
    messenger: createMessenger(prisma, { from: 'bench' }),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const matcher = new Matcher({
    prisma,
    databaseUrl,
    redisUrl,
    redisPrefix: config.REDIS_PREFIX,
    log: () => undefined,
  });
  await matcher.start();
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  try {
    const usdt = await prisma.currency.findUniqueOrThrow({ where: { name: 'USDT' } });
    const btc = await prisma.currency.findUniqueOrThrow({ where: { name: 'BTC' } });
    const tokens: string[] = [];
    for (let index = 0; index < USERS; index += 1) {
      const account = `spot-bench-${index}@bench.exchange`;
      await createOpsUser(prisma, { account, password: 'Bench1234', kycApproved: true, seller: false });
      await opsDeposit(prisma, { account, currency: 'USDT', amount: '100000000' });
      await opsDeposit(prisma, { account, currency: 'BTC', amount: '100000' });
      const login = await fetch(`${base}/api/user/login`, {
        method: 'POST',
        body: new URLSearchParams({ user_string: account, password: 'Bench1234' }),
      });
      tokens.push(((await login.json()) as { message: string }).message);
    }
    const latencies: number[] = [];
    let accepted = 0;
    let refused = 0;
    let sent = 0;
    const deadline = performance.now() + DURATION_MS;
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async (_, connection) => {
        while (performance.now() < deadline) {
          sent += 1;
          const buy = sent % 2 === 0;
          // Buys between 99.00 and 100.99 and sells between 99.50 and 101.49: about half the orders cross.
          const price = (buy ? 99 : 99.5) + (sent % 200) / 100;
          const body = new URLSearchParams({
            legal_id: String(usdt.id),
            currency_id: String(btc.id),
            type: buy ? '1' : '2',
            target_price: price.toFixed(2),
            amount: '0.01',
          });
          const started = performance.now();
          const response = await fetch(`${base}/api/coin/trade`, {
            method: 'POST',
            body,
            headers: { Authorization: tokens[connection % USERS] ?? '' },
          });
          const answer = (await response.json()) as { type: string };
          latencies.push(performance.now() - started);
          if (answer.type === 'ok') accepted += 1;
          else refused += 1;
        }
      }),
    );
    latencies.sort((a, b) => a - b);
    const percentile = (p: number) =>
      latencies[Math.min(latencies.length - 1, Math.floor((latencies.length * p) / 100))] ?? 0;
    const audit = await auditLedger(prisma);
    if (!audit.ok)
      throw new Error(`the spot benchmark broke the books: ${audit.problems.slice(0, 3).join('; ')}`);
    return {
      'spot orders accepted/s through HTTP': Math.round(accepted / (DURATION_MS / 1000)),
      'spot orders refused during the run': refused,
      'spot order latency p50 ms': Number(percentile(50).toFixed(1)),
      'spot order latency p99 ms': Number(percentile(99).toFixed(1)),
      'spot trades booked': await prisma.spotTrade.count(),
    };
  } finally {
    await matcher.stop();
    await app.close();
    redis.disconnect();
  }
}
