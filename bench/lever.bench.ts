import { performance } from 'node:perf_hooks';
import type { Db } from '@exchange/kernel/db';
import { createPool } from '@exchange/kernel/db';
import { Money } from '@exchange/kernel/ledger';
import { RiskEngine } from '@exchange/api/modules/lever';

/**
 * The lever risk worker's hot path: 10,000 users holding 50,000 open positions on BTC/USDT (five longs of
 * one hand at 100,000 each, 10 of margin, available balances from 0 to 99 so every user has a different
 * liquidation price; a fifth of the positions carry a take-profit). Measured: loading them, evaluating a
 * mark change that triggers nothing (in memory), and a mark change that liquidates 1,000 users (5,000
 * positions) in one batch: the evaluation, then one Postgres transaction re-checking and settling them
 * through the ledger. The rows are written straight by SQL to build the scene quickly (not through the
 * ledger), so this benchmark does not run the audit.
 */
const USERS = 10_000;
const POSITIONS_PER_USER = 5;
const QUIET_ROUNDS = 50;

export async function benchLever(prisma: Db, databaseUrl: string): Promise<Record<string, number>> {
  const pair = await prisma.currencyMatch.findFirstOrThrow({
    where: { currency: { name: 'BTC' }, legal: { name: 'USDT' } },
  });
  const build = performance.now();
  await prisma.$executeRawUnsafe(
    `INSERT INTO users (account_number, extension_code, authorization_code, password_hash)
     SELECT 'lever-bench-' || g, 'lb' || g, 'LB' || g, 'x' FROM generate_series(1, $1::int) g`,
    USERS,
  );
  await prisma.$executeRawUnsafe(
    `INSERT INTO wallets (user_id, currency_id, lever_balance, lock_lever_balance)
     SELECT id, $1, (substring(account_number from 13)::int % 100), $2::numeric FROM users WHERE account_number LIKE 'lever-bench-%'`,
    pair.legal_id,
    10 * POSITIONS_PER_USER,
  );
  await prisma.$executeRawUnsafe(
    `INSERT INTO lever_transactions (user_id, match_id, legal_id, currency_id, type, status, share, number, multiple,
       origin_price, price, update_price, target_profit_price, origin_caution_money, caution_money, trade_fee, transaction_time)
     SELECT u.id, $1, $2, $3, 1, 1, 1, 0.01, 100, 100000, 100000, 100000,
       CASE WHEN k = 1 THEN 200000 ELSE 0 END, 10, 10, 0, now()
     FROM users u CROSS JOIN generate_series(1, $4::int) k WHERE u.account_number LIKE 'lever-bench-%'`,
    pair.id,
    pair.legal_id,
    pair.currency_id,
    POSITIONS_PER_USER,
  );
  // As autovacuum would after such a load: statistics of the tables just filled.
  await prisma.$executeRawUnsafe('ANALYZE users, wallets, lever_transactions');
  const buildMs = performance.now() - build;

  const pool = createPool(databaseUrl, 4);
  try {
    const engine = new RiskEngine(pool);
    const loading = performance.now();
    await engine.load();
    const loadMs = performance.now() - loading;
    const loaded = engine.book.size;

    // Marks that trigger nothing: the evaluation alone, median and worst of many.
    const quiet: number[] = [];
    for (let round = 0; round < QUIET_ROUNDS; round += 1) {
      engine.setMark(pair.id, new Money(99_950 - round));
      const started = performance.now();
      const found = engine.book.evaluate(pair.id);
      quiet.push(performance.now() - started);
      if (found.liquidate.length > 0 || found.stops.length > 0)
        throw new Error('a quiet mark triggered something');
    }
    quiet.sort((a, b) => a - b);

    // Users with 0..9 available (1,000 of them) fall to the burst rate at 98,910; the others do not.
    engine.setMark(pair.id, new Money(98_910));
    // The worker's own CPU in the batch: on a shared machine the wall time also counts waiting for a core.
    const cpuBefore = process.cpuUsage();
    const crash = await engine.evaluatePair(pair.id);
    const cpu = process.cpuUsage(cpuBefore);
    if (crash.liquidatedAccounts !== 1_000)
      throw new Error(`expected 1,000 liquidations, got ${crash.liquidatedAccounts}`);

    return {
      'lever: positions loaded': loaded,
      'lever: scene built by SQL (ms)': Math.round(buildMs),
      'lever: load 50,000 positions into the risk book (ms)': Math.round(loadMs),
      'lever: evaluate one mark change, 50,000 positions, median (ms)': Number(
        (quiet[Math.floor(quiet.length / 2)] ?? 0).toFixed(2),
      ),
      'lever: evaluate one mark change, 50,000 positions, worst (ms)': Number((quiet.at(-1) ?? 0).toFixed(2)),
      'lever: crash mark, evaluation (ms)': Number(crash.evaluateMs.toFixed(2)),
      'lever: crash mark, liquidate 1,000 users / 5,000 positions in one batch (ms)': Math.round(
        crash.settleMs,
      ),
      'lever: crash mark, worker CPU in that batch (ms)': Math.round((cpu.user + cpu.system) / 1000),
      'lever: crash mark, positions settled': crash.settled.length,
    };
  } finally {
    await pool.end();
  }
}
