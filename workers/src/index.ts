import { Queue, Worker } from 'bullmq';
import type { EvmNetwork } from '@exchange/kernel/config';
import type { Db } from '@exchange/kernel/db';
import { archiveMarketMaker } from '@exchange/api/modules/spot';
import { createEvmSource } from '@exchange/api/modules/wallet';
import { bullOptions, WORKER_QUEUES } from '@exchange/kernel/redis';
import { purgeExpired } from './maintenance/purge-expired';
import { Matcher } from './matcher/matcher';
import { MarketMaker } from './market-maker/market-maker';
import { MicroSettler } from './micro/settler';
import { RiskWorker } from './lever/risk-worker';
import { startP2pWorker } from './p2p/deadlines';
import { SavingsWorker } from './savings/savings-worker';
import { TeamRebater } from './team/rebater';
import { ChainWatcher } from './chain/chain-watcher';

export interface WorkerDeps {
  prisma: Db;
  databaseUrl: string;
  /** Run the demo market maker (off leaves the books free of automated orders). */
  marketMaker: boolean;
  /** Age in days beyond which the market maker's ended orders are archived (SPOT_ARCHIVE_DAYS). */
  spotArchiveDays?: number;
  redisUrl: string;
  redisPrefix: string;
  log: (fields: object, message: string) => void;
  /** The EVM chain whose deposits are watched (EVM_RPC_URL); absent or null: no watcher. */
  evm?: EvmNetwork | null;
}

export const MAINTENANCE_QUEUE = WORKER_QUEUES.maintenance;
const HOUR_MS = 3_600_000;

/** Starts every background worker of the exchange; the returned function stops them. */
export async function startWorkers(deps: WorkerDeps): Promise<() => Promise<void>> {
  // First: a node on the wrong chain or a token address with no contract refuses before anything runs.
  const evmWatcher = deps.evm
    ? new ChainWatcher({
        ...deps,
        source: await createEvmSource(deps.evm),
        pollMs: deps.evm.pollMs,
        ...(deps.evm.startBlock === undefined ? {} : { startBlock: deps.evm.startBlock }),
      })
    : undefined;
  await evmWatcher?.start();
  const options = bullOptions(deps);
  const maintenance = new Queue(MAINTENANCE_QUEUE, options);
  await maintenance.upsertJobScheduler('purge-expired', { every: HOUR_MS }, { name: 'purge-expired' });
  await maintenance.upsertJobScheduler('spot-archive', { every: HOUR_MS }, { name: 'spot-archive' });
  const worker = new Worker(
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
      throw new Error(`unknown maintenance job ${job.name}`);
    },
    { ...options, concurrency: 1 },
  );
  worker.on('failed', (job, error) => deps.log({ job: job?.name, err: error }, 'maintenance job failed'));
  const matcher = new Matcher(deps);
  await matcher.start();
  const marketMaker = deps.marketMaker ? new MarketMaker(deps) : undefined;
  await marketMaker?.start();
  const stopP2p = await startP2pWorker(deps);
  const risk = new RiskWorker(deps);
  await risk.start();
  const microSettler = new MicroSettler(deps);
  await microSettler.start();
  const savings = new SavingsWorker(deps);
  await savings.start();
  const rebater = new TeamRebater(deps);
  await rebater.start();
  return async () => {
    await rebater.stop();
    await savings.stop();
    await microSettler.stop();
    await risk.stop();
    await stopP2p();
    await marketMaker?.stop();
    await matcher.stop();
    await worker.close();
    await maintenance.close();
    await evmWatcher?.stop();
  };
}
