import { Redis } from 'ioredis';
import type { Db } from '@exchange/kernel/db';
import { createPushEmitter } from '@exchange/kernel/realtime';
import { instanceWorker } from '@exchange/kernel/redis';
import { ORDER_DEADLINES } from '@exchange/api/modules/c2c';
import {
  countDeadlines,
  P2P_DEADLINES_QUEUE,
  P2pDeadlines,
  runDeadline,
  sweepDeadlines,
  type DeadlineJob,
  type DeadlineSource,
} from '@exchange/api/modules/deadlines';
import { roomPusher } from '@exchange/api/modules/notices';
import { ACCEPTOR_DEADLINES } from '@exchange/api/modules/acceptor';
import { countFailures } from '../metrics';

export interface P2pWorkerDeps {
  prisma: Db;
  redisUrl: string;
  redisPrefix: string;
  log: (fields: object, message: string) => void;
  /** How often the sweeper looks for overdue deadlines (it also runs once at start). */
  sweepEveryMs?: number;
}

/** The deadlines of the P2P areas: unpaid c2c and shop orders, acceptor withdrawals marked transferred. */
export const P2P_DEADLINE_SOURCES: DeadlineSource[] = [ORDER_DEADLINES, ACCEPTOR_DEADLINES];

/** The running P2P deadline worker: stopped by `stop`; `alive` and `counts` for health and monitoring. */
export interface P2pWorker {
  stop: () => Promise<void>;
  alive: () => boolean;
  counts: () => ReturnType<typeof countDeadlines>;
}

/**
 * The P2P deadline worker: runs each delayed job when it falls due, and a sweeper that applies whatever is
 * overdue and schedules again what Redis may have lost (a flushed Redis, a crash). Rules live in the
 * modules; this is only the loop.
 */
export async function startP2pWorker(deps: P2pWorkerDeps): Promise<P2pWorker> {
  const redis = new Redis(deps.redisUrl, { maxRetriesPerRequest: 3 });
  const emitter = createPushEmitter(redis, deps.redisPrefix);
  const pusher = roomPusher(emitter);
  const deadlines = new P2pDeadlines(deps.redisUrl, deps.redisPrefix);
  const worker = countFailures(
    instanceWorker<DeadlineJob>(
      P2P_DEADLINES_QUEUE,
      (job) => runDeadline(deps.prisma, P2P_DEADLINE_SOURCES, job.data, pusher),
      { ...deps, concurrency: 4, failure: 'p2p deadline job failed' },
    ),
  );
  const sweepEveryMs = deps.sweepEveryMs ?? 15_000;
  let lastSweptAt = 0;
  let stopped = false;

  let sweeping: Promise<unknown> = Promise.resolve();
  const sweep = () => {
    sweeping = sweepDeadlines(deps.prisma, P2P_DEADLINE_SOURCES, { deadlines, pusher, log: deps.log })
      .then((applied) => {
        lastSweptAt = Date.now();
        if (applied['order-expire'] + applied['acceptor-confirm'] > 0)
          deps.log(applied, 'p2p sweeper applied overdue deadlines');
      })
      .catch((error: unknown) => deps.log({ err: error }, 'p2p sweep failed'));
    return sweeping;
  };
  await sweep();
  const timer = setInterval(() => void sweep(), sweepEveryMs);
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await sweeping;
      await worker.close();
      await deadlines.close();
      redis.disconnect();
    },
    // Alive while sweeps complete: two missed in a row (and a margin) mean it is stuck or cut off.
    alive: () => !stopped && Date.now() - lastSweptAt <= 2 * sweepEveryMs + 5_000,
    counts: () => countDeadlines(deps.prisma, P2P_DEADLINE_SOURCES),
  };
}
