import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import type { Db } from '@exchange/kernel/db';
import { createPool, poolSql } from '@exchange/kernel/db';
import { emptyTimings, SETTLE_GRACE_MS, settleDue, verifySettlements } from '@exchange/api/modules/micro';
import { ticksOf } from './spot/spot.bench';

/**
 * Seconds-contract settlement under a burst: 2,000 users with 10 running 30-second orders each on BTC/USDT
 * (20,000 orders of 10 USDT, half up, half down), all expiring within the same second. The pair traded at
 * 100 before they were accepted and at 101 just before they expire, so the ups win and the downs lose (each
 * trade of 100 USDT reaches the orders' minimum notional of 100 on its own: prices.ts).
 * Measured: one `settleDue` call (the expiry job's) settling all of them through the ledger, with where the
 * time went, then `micro:verify` recomputing every order from the trades (it must find nothing). The rows are
 * written straight by SQL to build the scene quickly (not through the ledger), so the audit is not run.
 */
const USERS = 2_000;
const ORDERS_PER_USER = 10;
const STAKE = 10;
const DURATION_S = 30;

export async function benchMicro(prisma: Db, databaseUrl: string): Promise<Record<string, number>> {
  const pair = await prisma.currencyMatch.findFirstOrThrow({
    where: { currency: { name: 'BTC' }, legal: { name: 'USDT' } },
  });
  // Every order expires in [expiry, expiry + 1 s), a little in the past, so all are due at once.
  const expiry = new Date(Math.floor(Date.now() / 1000) * 1000 - 5_000);
  const build = performance.now();
  await prisma.$executeRawUnsafe(
    `INSERT INTO users (account_number, extension_code, authorization_code, password_hash)
     SELECT 'micro-bench-' || g, 'mb' || g, 'MB' || g, 'x' FROM generate_series(1, $1::int) g`,
    USERS,
  );
  await prisma.$executeRawUnsafe(
    `INSERT INTO wallets (user_id, currency_id, micro_balance, lock_micro_balance)
     SELECT id, $1, 0, $2::numeric FROM users WHERE account_number LIKE 'micro-bench-%'`,
    pair.legal_id,
    STAKE * ORDERS_PER_USER,
  );
  await prisma.$executeRawUnsafe(
    `INSERT INTO micro_orders (user_id, match_id, currency_id, type, seconds, number, fee, profit_ratio,
       open_price, accepted_at, expires_at, price_window_ms, price_lookback_ms, price_min_notional, price_decimals,
       open_notional, open_trades)
     SELECT u.id, $1, $2, 1 + k % 2, $3::int, $4::numeric, 0.1, 80, 100, e - make_interval(secs => $3::int), e,
       10000, 300000, 100, 2, 100, 1
     FROM users u CROSS JOIN generate_series(1, $5::int) k
     CROSS JOIN LATERAL (SELECT $6::timestamptz + make_interval(secs => ((u.id * 10 + k) % 1000) / 1000.0) AS e) x
     WHERE u.account_number LIKE 'micro-bench-%'`,
    pair.id,
    pair.legal_id,
    DURATION_S,
    STAKE,
    ORDERS_PER_USER,
    expiry,
  );
  await prisma.$executeRawUnsafe(
    `INSERT INTO spot_trades (match_id, sequence, price, amount, quote_amount, taker_order_id, maker_order_id,
       taker_user_id, maker_user_id, taker_side, buyer_fee, seller_fee, created_at)
     VALUES ($1, 1, 100, 1, 100, 0, 0, 0, 0, 1, 0, 0, $2), ($1, 2, 101, 1, 101, 0, 0, 0, 0, 1, 0, 0, $3)`,
    pair.id,
    new Date(expiry.getTime() - (DURATION_S + 10) * 1000),
    new Date(expiry.getTime() - 500),
  );
  await prisma.$executeRawUnsafe('ANALYZE users, wallets, micro_orders, spot_trades');
  const buildMs = performance.now() - build;

  const pool = createPool(databaseUrl, 4);
  try {
    const timings = emptyTimings();
    // The wall time depends on what else the shared machine runs; the CPU it took does not.
    const database = new URL(databaseUrl).pathname.slice(1);
    const backendTicks = () =>
      ticksOf((commandLine) => commandLine.startsWith('postgres: ') && commandLine.includes(` ${database} `));
    const loadBefore = loadavg()[0] ?? 0;
    const postgresBefore = backendTicks();
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    const settled = await settleDue(pool, {
      now: new Date(expiry.getTime() + 1_000 + SETTLE_GRACE_MS),
      timings,
    });
    const settleMs = performance.now() - started;
    const nodeCpu = process.cpuUsage(cpuBefore);
    // /proc counts in clock ticks of 10 ms.
    const postgresCpuMs =
      [...backendTicks()].reduce((sum, [pid, ticks]) => sum + ticks - (postgresBefore.get(pid) ?? 0), 0) * 10;
    const expected = USERS * ORDERS_PER_USER;
    if (settled !== expected) throw new Error(`expected ${expected} settlements, got ${settled}`);

    const verifying = performance.now();
    const report = await verifySettlements(poolSql(pool));
    const verifyMs = performance.now() - verifying;
    if (!report.ok || report.checked !== expected)
      throw new Error(`micro:verify: ${report.checked} checked, ${JSON.stringify(report.mismatches[0])}`);

    const phase = (ms: number) => Math.round(ms);
    return {
      'micro: orders expiring in the same second': expected,
      'micro: scene built by SQL (ms)': Math.round(buildMs),
      'micro: settle them all, one settleDue call (ms)': Math.round(settleMs),
      'micro: settled orders/s': Math.round(settled / (settleMs / 1000)),
      'micro: machine load average (1 min) when it started': Number(loadBefore.toFixed(1)),
      'micro: CPU of the settling process (ms)': Math.round((nodeCpu.user + nodeCpu.system) / 1000),
      'micro: CPU of its Postgres backends (ms)': postgresCpuMs,
      'micro: batches': timings.batches,
      'micro: time in taking due orders, all lanes (ms)': phase(timings.select),
      'micro: time in prices from trades, all lanes (ms)': phase(timings.prices),
      'micro: time in computing payouts, all lanes (ms)': phase(timings.compute),
      'micro: time in writing orders, wallets, logs, house, all lanes (ms)': phase(timings.write),
      'micro: time in commits, all lanes (ms)': phase(timings.commit),
      'micro: micro:verify of every order (ms)': Math.round(verifyMs),
      'micro: micro:verify mismatches': report.mismatches.length,
    };
  } finally {
    await pool.end();
  }
}
