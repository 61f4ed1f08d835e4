import { performance } from 'node:perf_hooks';
import type { Db } from '@exchange/kernel/db';
import { createOpsUser } from '../apps/api/src/ops/users';
import { opsDeposit } from '../apps/api/src/ops/wallet';
import { transferBetweenAccounts, LOG_TYPES, Money } from '@exchange/kernel/ledger';
import { auditExchange } from '@exchange/api/areas';

/**
 * Ledger throughput: committed transactions per second, each moving funds between two accounts of a user
 * (one conditional UPDATE of two columns and two account-log rows), from one process with a pool of
 * connections. Without contention every worker has its own user; with contention all hit one wallet row;
 * batched, each commit carries twenty movements (as the matcher's batches will).
 */
const WORKERS = 16;
const DURATION_MS = 4_000;

async function runFor(prisma: Db, userIdFor: (worker: number) => number, currencyId: number, perCommit = 1) {
  let committed = 0;
  const deadline = performance.now() + DURATION_MS;
  const amount = new Money('0.01');
  await Promise.all(
    Array.from({ length: WORKERS }, async (_, worker) => {
      let forward = true;
      while (performance.now() < deadline) {
        const [from, to] = forward ? (['change', 'micro'] as const) : (['micro', 'change'] as const);
        await prisma.$transaction(async (tx) => {
          for (let index = 0; index < perCommit; index += 1) {
            await transferBetweenAccounts(tx, {
              userId: userIdFor(worker),
              currencyId,
              from,
              to,
              amount,
              outType: LOG_TYPES.CHANGE_TRANSFER_OUT,
              inType: LOG_TYPES.LEVER_MICRO_TRANSFER_IN,
            });
          }
        });
        forward = !forward;
        committed += perCommit;
      }
    }),
  );
  return committed / (DURATION_MS / 1000);
}

export async function benchLedger(prisma: Db): Promise<Record<string, number>> {
  const usdt = await prisma.currency.findUniqueOrThrow({ where: { name: 'USDT' } });
  const users: number[] = [];
  for (let index = 0; index < WORKERS; index += 1) {
    const user = await createOpsUser(prisma, {
      account: `bench${index}@bench.exchange`,
      password: 'Bench1234',
      kycApproved: false,
      seller: false,
    });
    await opsDeposit(prisma, { account: `bench${index}@bench.exchange`, currency: 'USDT', amount: '1000' });
    users.push(user.id);
  }
  const spread = await runFor(prisma, (worker) => users[worker] ?? 0, usdt.id);
  const contended = await runFor(prisma, () => users[0] ?? 0, usdt.id);
  const batched = await runFor(prisma, (worker) => users[worker] ?? 0, usdt.id, 20);
  const audit = await auditExchange(prisma);
  if (!audit.ok) throw new Error(`the benchmark broke the books: ${audit.problems.join('; ')}`);
  return {
    'ledger movements/s, 16 users (no contention)': Math.round(spread),
    'ledger movements/s, one user (full contention)': Math.round(contended),
    'ledger movements/s, 16 users, 20 per commit': Math.round(batched),
  };
}
