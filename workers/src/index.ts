import { Queue, Worker } from 'bullmq';
import type { Db } from '@exchange/kernel/db';
import type { Config, EvmNetwork, EvmSigner } from '@exchange/kernel/config';
import { archiveMarketMaker } from '@exchange/api/modules/spot';
import { bullOptions, WORKER_QUEUES } from '@exchange/kernel/redis';
import { purgeExpired } from './maintenance/purge-expired';
import { Matcher } from './matcher/matcher';
import { MarketMaker } from './market-maker/market-maker';
import { MicroSettler } from './micro/settler';
import { RiskWorker } from './lever/risk-worker';
import { startP2pWorker } from './p2p/deadlines';
import { SavingsWorker } from './savings/savings-worker';
import { TeamRebater } from './team/rebater';
import { ChainSigner } from './chain/signer';

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
  /** The withdrawal signer, when the EVM network and a hot key are configured (EVM, EVM_SIGNER). */
  evmSigner?: { network: EvmNetwork; signer: EvmSigner; production: boolean } | undefined;
}

/** The signer's part of the configuration, when both the EVM network and a hot key are set. */
export const evmSignerOf = (
  config: Pick<Config, 'EVM' | 'EVM_SIGNER' | 'NODE_ENV'>,
): WorkerDeps['evmSigner'] =>
  config.EVM && config.EVM_SIGNER
    ? { network: config.EVM, signer: config.EVM_SIGNER, production: config.NODE_ENV === 'production' }
    : undefined;

export const MAINTENANCE_QUEUE = WORKER_QUEUES.maintenance;
const HOUR_MS = 3_600_000;

/** Starts every background worker of the exchange; the returned function stops them. */
export async function startWorkers(deps: WorkerDeps): Promise<() => Promise<void>> {
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
  const signer = deps.evmSigner
    ? new ChainSigner({
        ...deps.evmSigner,
        prisma: deps.prisma,
        log: deps.log,
        pollMs: deps.evmSigner.network.pollMs,
      })
    : undefined;
  await signer?.start();
  return async () => {
    await signer?.stop();
    await rebater.stop();
    await savings.stop();
    await microSettler.stop();
    await risk.stop();
    await stopP2p();
    await marketMaker?.stop();
    await matcher.stop();
    await worker.close();
    await maintenance.close();
  };
}
