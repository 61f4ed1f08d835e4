import { Queue, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Db } from '@exchange/kernel/db';
import type { AuditReport } from '@exchange/kernel/ledger';
import { bullOptions, WORKER_QUEUES, type QueueHome } from '@exchange/kernel/redis';
import { archiveMarketMaker } from '@exchange/api/modules/spot';
import { countFailures } from '../metrics';
import { runLedgerAudit } from './ledger-audit';
import { purgeExpired } from './purge-expired';

export const MAINTENANCE_QUEUE = WORKER_QUEUES.maintenance;
const HOUR_MS = 3_600_000;
const AUDIT_JOB = 'ledger-audit';

export interface MaintenanceDeps extends QueueHome {
  prisma: Db;
  /** Redis with the instance's key prefix (the audit's record). */
  redis: Redis;
  spotArchiveDays?: number | undefined;
  /** The ledger audit of the exchange, run every `auditEveryMinutes` (none given: no audit job). */
  audit?: (() => Promise<AuditReport>) | undefined;
  auditEveryMinutes?: number | undefined;
  log: (fields: object, message: string) => void;
}

/**
 * The hourly housekeeping (expired sessions and codes, the market maker's old orders) and the periodic
 * ledger audit, as repeatable BullMQ jobs: one process runs each, whatever the number of workers processes.
 */
export async function startMaintenance(deps: MaintenanceDeps) {
  const options = bullOptions(deps);
  const queue = new Queue(MAINTENANCE_QUEUE, options);
  await queue.upsertJobScheduler('purge-expired', { every: HOUR_MS }, { name: 'purge-expired' });
  await queue.upsertJobScheduler('spot-archive', { every: HOUR_MS }, { name: 'spot-archive' });
  const { audit } = deps;
  if (audit)
    await queue.upsertJobScheduler(
      AUDIT_JOB,
      { every: (deps.auditEveryMinutes ?? 15) * 60_000 },
      { name: AUDIT_JOB },
    );
  else await queue.removeJobScheduler(AUDIT_JOB);
  const worker = countFailures(
    new Worker(
      MAINTENANCE_QUEUE,
      async (job) => {
        if (job.name === 'purge-expired') {
          const purged = await purgeExpired(deps.prisma);
          deps.log(purged, 'purged expired sessions and codes');
          return purged;
        }
        if (job.name === 'spot-archive') {
          const archived = await archiveMarketMaker(deps.prisma, { days: deps.spotArchiveDays });
          deps.log(archived, 'archived the market maker’s old orders');
          return archived;
        }
        if (job.name === AUDIT_JOB && audit) return runLedgerAudit(audit, deps.redis, deps.log);
        throw new Error(`unknown maintenance job ${job.name}`);
      },
      { ...options, concurrency: 1 },
    ),
  );
  worker.on('failed', (job, error) => deps.log({ job: job?.name, err: error }, 'maintenance job failed'));
  return {
    /** Whether its job worker runs (the jobs come hourly: there is no loop to watch). */
    alive: () => worker.isRunning(),
    async stop() {
      await worker.close();
      await queue.close();
    },
  };
}
