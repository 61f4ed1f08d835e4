import { Redis } from 'ioredis';
import type { Db } from '@exchange/kernel/db';
import { createPushEmitter } from '@exchange/kernel/realtime';
import { instanceWorker } from '@exchange/kernel/redis';
import { ORDER_DEADLINES } from '@exchange/api/modules/c2c';
import {
  P2P_DEADLINES_QUEUE,
  P2pDeadlines,
  runDeadline,
  sweepDeadlines,
  type DeadlineJob,
  type DeadlineSource,
} from '@exchange/api/modules/deadlines';
import { roomPusher } from '@exchange/api/modules/notices';
import { ACCEPTOR_DEADLINES } from '@exchange/api/modules/acceptor';

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

/**
 * The P2P deadline worker: runs each delayed job when it falls due, and a sweeper that applies whatever is
 * overdue and schedules again what Redis may have lost (a flushed Redis, a crash). Rules live in the
 * modules; this is only the loop.
 */
export async function startP2pWorker(deps: P2pWorkerDeps): Promise<() => Promise<void>> {
  const redis = new Redis(deps.redisUrl, { maxRetriesPerRequest: 3 });
  const emitter = createPushEmitter(redis, deps.redisPrefix);
  const pusher = roomPusher(emitter);
  const deadlines = new P2pDeadlines(deps.redisUrl, deps.redisPrefix);
  const worker = instanceWorker<DeadlineJob>(
    P2P_DEADLINES_QUEUE,
    (job) => runDeadline(deps.prisma, P2P_DEADLINE_SOURCES, job.data, pusher),
    { ...deps, concurrency: 4, failure: 'p2p deadline job failed' },
  );

  let sweeping: Promise<unknown> = Promise.resolve();
  const sweep = () => {
    sweeping = sweepDeadlines(deps.prisma, P2P_DEADLINE_SOURCES, { deadlines, pusher, log: deps.log })
      .then((applied) => {
        if (applied['order-expire'] + applied['acceptor-confirm'] > 0)
          deps.log(applied, 'p2p sweeper applied overdue deadlines');
      })
      .catch((error: unknown) => deps.log({ err: error }, 'p2p sweep failed'));
    return sweeping;
  };
  await sweep();
  const timer = setInterval(() => void sweep(), deps.sweepEveryMs ?? 15_000);
  return async () => {
    clearInterval(timer);
    await sweeping;
    await worker.close();
    await deadlines.close();
    redis.disconnect();
  };
}
