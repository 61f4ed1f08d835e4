import type { Config, EvmNetwork, EvmSigner } from '@exchange/kernel/config';
import type { Db } from '@exchange/kernel/db';
import type { AuditReport } from '@exchange/kernel/ledger';
import { exposeMetrics } from '@exchange/kernel/metrics';
import { createRedis, WORKER_QUEUES } from '@exchange/kernel/redis';
import { createEvmSource } from '@exchange/api/modules/wallet';
import { ChainWatcher } from './chain/chain-watcher';
import { ChainSigner } from './chain/signer';
import { Heartbeats, type HeartbeatTiming } from './heartbeats';
import { lastLedgerAudit } from './maintenance/ledger-audit';
import { MAINTENANCE_QUEUE, startMaintenance } from './maintenance/maintenance';
import { Matcher } from './matcher/matcher';
import { MarketMaker } from './market-maker/market-maker';
import { watchSources, workersRegistry } from './metrics';
import { MicroSettler } from './micro/settler';
import { RiskWorker } from './lever/risk-worker';
import { startP2pWorker } from './p2p/deadlines';
import { QueueDepths } from './queue-depths';
import { SavingsWorker } from './savings/savings-worker';
import { TeamRebater } from './team/rebater';

export { MAINTENANCE_QUEUE };

export interface WorkerDeps {
  prisma: Db;
  databaseUrl: string;
  /** Run the demo market maker (off leaves the books free of automated orders). */
  marketMaker: boolean;
  /** The spot pairs this process's matcher runs (MATCHER_PAIRS); unset: every pair. */
  matcherPairs?: string[] | undefined;
  /** Age in days beyond which the market maker's ended orders are archived (SPOT_ARCHIVE_DAYS). */
  spotArchiveDays?: number;
  /** The exchange's ledger audit, run every `auditEveryMinutes` (AUDIT_EVERY_MINUTES); none: not run. */
  audit?: () => Promise<AuditReport>;
  auditEveryMinutes?: number;
  /** How often the workers report their heartbeats, and how long each lives (tests shorten them). */
  heartbeat?: HeartbeatTiming;
  redisUrl: string;
  redisPrefix: string;
  log: (fields: object, message: string) => void;
  /** The EVM chain whose deposits are watched (EVM_RPC_URL); absent or null: no watcher. */
  evm?: EvmNetwork | null;
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

/** The workers by the names their heartbeats (and `/api/health`) give them. */
export const WORKER_NAMES = [
  'maintenance',
  'matcher',
  'market-maker',
  'p2p-deadlines',
  'lever-risk',
  'micro-settle',
  'savings',
  'team-rebates',
  'evm-watcher',
  'evm-signer',
] as const;
export type WorkerName = (typeof WORKER_NAMES)[number];

interface RunningWorker {
  alive: () => boolean;
  stop: () => Promise<void>;
}

export interface RunningWorkers {
  /** The workers started (the market maker only when asked for). */
  names: WorkerName[];
  /** Stops every worker (and their heartbeats and metric sources). */
  stop: () => Promise<void>;
  /** Stops one worker and leaves the others running: its heartbeat lapses, as a crashed loop's would. */
  stopWorker: (name: WorkerName) => Promise<void>;
}

/** Starts every background worker of the exchange, their heartbeats and their metrics. */
export async function startWorkers(deps: WorkerDeps): Promise<RunningWorkers> {
  // First: a node on the wrong chain or a token address with no contract refuses before anything runs.
  const evmWatcher = deps.evm
    ? new ChainWatcher({
        ...deps,
        source: await createEvmSource(deps.evm),
        pollMs: deps.evm.pollMs,
        ...(deps.evm.startBlock === undefined ? {} : { startBlock: deps.evm.startBlock }),
      })
    : undefined;
  exposeMetrics(workersRegistry);
  const redis = createRedis(deps.redisUrl, deps.redisPrefix);
  const running = new Map<WorkerName, RunningWorker>();
  running.set('maintenance', await startMaintenance({ ...deps, redis }));
  const matcher = new Matcher(deps);
  await matcher.start();
  running.set('matcher', matcher);
  if (deps.marketMaker) {
    const marketMaker = new MarketMaker(deps);
    await marketMaker.start();
    running.set('market-maker', marketMaker);
  }
  const p2p = await startP2pWorker(deps);
  running.set('p2p-deadlines', p2p);
  const risk = new RiskWorker(deps);
  await risk.start();
  running.set('lever-risk', risk);
  const microSettler = new MicroSettler(deps);
  await microSettler.start();
  running.set('micro-settle', microSettler);
  const savings = new SavingsWorker(deps);
  await savings.start();
  running.set('savings', savings);
  const rebater = new TeamRebater(deps);
  await rebater.start();
  running.set('team-rebates', rebater);
  if (evmWatcher) {
    await evmWatcher.start();
    running.set('evm-watcher', evmWatcher);
  }
  if (deps.evmSigner) {
    const signer = new ChainSigner({
      ...deps.evmSigner,
      prisma: deps.prisma,
      log: deps.log,
      pollMs: deps.evmSigner.network.pollMs,
    });
    await signer.start();
    running.set('evm-signer', signer);
  }

  const stopped = new Map<WorkerName, Promise<void>>();
  const stopWorker = (name: WorkerName) => {
    const worker = running.get(name);
    if (!worker) return Promise.resolve();
    if (!stopped.has(name)) stopped.set(name, worker.stop());
    return stopped.get(name) as Promise<void>;
  };
  const heartbeats = new Heartbeats(
    redis,
    Object.fromEntries(
      [...running].map(([name, worker]) => [name, () => !stopped.has(name) && worker.alive()]),
    ),
    deps.heartbeat,
  );
  await heartbeats.start();
  const depths = new QueueDepths(deps);
  const unwatch = watchSources({
    streams: () => matcher.streamLags(),
    marks: () => risk.markAges(),
    lever: () => risk.exposure(),
    microDue: () => microSettler.due(),
    deadlines: () => p2p.counts(),
    queues: () => depths.counts(Object.values(WORKER_QUEUES)),
    audit: () => lastLedgerAudit(redis),
    chainLag: () => evmWatcher?.lag() ?? Promise.resolve([]),
  });
  return {
    names: [...running.keys()],
    stopWorker,
    async stop() {
      unwatch();
      await heartbeats.stop();
      // The reverse of the start: nothing is left feeding a worker that already stopped.
      for (const name of [...running.keys()].reverse()) await stopWorker(name);
      await depths.close();
      redis.disconnect();
    },
  };
}
