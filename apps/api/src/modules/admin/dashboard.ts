import { Queue } from 'bullmq';
import type { Db } from '@exchange/kernel/db';
import type { AuditReport } from '@exchange/kernel/ledger';
import { toAmountString } from '@exchange/kernel/ledger';
import { bullConnection, bullPrefix, WORKER_QUEUES } from '@exchange/kernel/redis';

const LEVER_OPEN_STATUSES = [0, 1, 2];

const plain = (value: { toFixed: () => string } | null | undefined) =>
  toAmountString(value?.toFixed() ?? '0');

/** Opens the workers' queues once, to read their job counts; closed with the app. */
export function workerQueues(redisUrl: string, redisPrefix: string) {
  const options = { connection: bullConnection(redisUrl), prefix: bullPrefix(redisPrefix) };
  // Every queue the workers declare (kernel/redis WORKER_QUEUES), so a new one shows without an edit here.
  const queues = Object.values(WORKER_QUEUES).map((name) => new Queue(name, options));
  return {
    async health() {
      return Promise.all(
        queues.map(async (queue) => {
          const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'failed', 'completed');
          const workers = await queue.getWorkersCount().catch(() => -1);
          return {
            name: queue.name,
            workers,
            waiting: counts.waiting ?? 0,
            active: counts.active ?? 0,
            delayed: counts.delayed ?? 0,
            failed: counts.failed ?? 0,
            completed: counts.completed ?? 0,
          };
        }),
      );
    },
    close: () => Promise.all(queues.map((queue) => queue.close())),
  };
}

/** Midnight UTC of the current day: "today" on the dashboard. */
export const startOfTodayUtc = (now = new Date()) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));

/** Users, today's money in and out, what is open per market, and the house accounts. */
export async function dashboardFigures(prisma: Db, since: Date) {
  const [users, usersToday, deposits, withdrawals, orders, positions, house, currencies, pairs] =
    await Promise.all([
      prisma.user.count(),
      prisma.user.count({ where: { created_at: { gte: since } } }),
      prisma.deposit.groupBy({
        by: ['currency_id'],
        where: { created_at: { gte: since } },
        _sum: { amount: true },
        _count: { _all: true },
      }),
      prisma.withdrawal.groupBy({
        by: ['currency_id', 'status'],
        where: { created_at: { gte: since } },
        _sum: { number: true },
        _count: { _all: true },
      }),
      prisma.spotOrder.groupBy({
        by: ['match_id'],
        where: { state: 'open' },
        _count: { _all: true },
      }),
      prisma.leverTransaction.groupBy({
        by: ['match_id'],
        where: { status: { in: LEVER_OPEN_STATUSES } },
        _count: { _all: true },
      }),
      prisma.houseEntry.groupBy({ by: ['currency_id', 'account'], _sum: { delta: true } }),
      prisma.currency.findMany({ select: { id: true, name: true } }),
      prisma.currencyMatch.findMany({
        select: { id: true, currency: { select: { name: true } }, legal: { select: { name: true } } },
      }),
    ]);
  const currencyName = (id: number) => currencies.find((currency) => currency.id === id)?.name ?? String(id);
  const symbol = (id: number) => {
    const pair = pairs.find((row) => row.id === id);
    return pair ? `${pair.currency.name}/${pair.legal.name}` : String(id);
  };
  return {
    users: { total: users, today: usersToday },
    deposits_today: deposits.map((row) => ({
      currency: currencyName(row.currency_id),
      count: row._count._all,
      amount: plain(row._sum.amount),
    })),
    withdrawals_today: withdrawals.map((row) => ({
      currency: currencyName(row.currency_id),
      status: row.status,
      count: row._count._all,
      amount: plain(row._sum.number),
    })),
    markets: pairs
      .map((pair) => ({
        symbol: symbol(pair.id),
        open_orders: orders.find((row) => row.match_id === pair.id)?._count._all ?? 0,
        open_positions: positions.find((row) => row.match_id === pair.id)?._count._all ?? 0,
      }))
      .filter((row) => row.open_orders > 0 || row.open_positions > 0),
    house: house
      .map((row) => ({
        currency: currencyName(row.currency_id),
        account: row.account,
        balance: plain(row._sum.delta),
      }))
      .sort((a, b) => a.account.localeCompare(b.account) || a.currency.localeCompare(b.currency)),
  };
}

/** The ledger audit as the dashboard shows it: green, or red with the problems. */
export const auditStatus = (report: AuditReport) => ({ ok: report.ok, problems: report.problems });
