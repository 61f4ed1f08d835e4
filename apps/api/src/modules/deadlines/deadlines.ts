import type { Db } from '@exchange/kernel/db';
import { InstanceQueue, WORKER_QUEUES } from '@exchange/kernel/redis';
import { pushNotices, type Notice, type Pusher } from '../notices';

/**
 * Deadlines of the P2P area: an unpaid order cancels itself at its `pay_deadline`; a withdrawal an acceptor
 * marked transferred confirms itself at its `auto_confirm_at`. Postgres holds every deadline; BullMQ holds
 * a delayed job per deadline with a deterministic id (so scheduling twice is harmless) to act on time; the
 * sweeper acts on whatever is overdue (a flushed Redis, a job lost in a crash) and re-schedules the rest.
 * Every handler is a guarded transition, so a deadline racing a user's action ends with exactly one applied
 * and a job run twice changes nothing the second time.
 */
export const P2P_DEADLINES_QUEUE = WORKER_QUEUES.p2pDeadlines;

export type DeadlineKind = 'order-expire' | 'acceptor-confirm';
export interface DeadlineJob {
  kind: DeadlineKind;
  id: number;
}

/** The job id of one deadline: its kind, its row and its time (a deadline moved later is a new job). */
export const deadlineJobId = (job: DeadlineJob, at: Date) => `${job.kind}-${job.id}-${at.getTime()}`;

export class P2pDeadlines extends InstanceQueue<DeadlineJob> {
  constructor(redisUrl: string, redisPrefix: string) {
    super(P2P_DEADLINES_QUEUE, redisUrl, redisPrefix);
  }

  async schedule(job: DeadlineJob, at: Date): Promise<void> {
    await this.queue.add(job.kind, job, {
      jobId: deadlineJobId(job, at),
      delay: Math.max(0, at.getTime() - Date.now()),
      attempts: 10,
      backoff: { type: 'exponential', delay: 1_000 },
      removeOnComplete: 1_000,
      removeOnFail: 10_000,
    });
  }

  /** Schedules without failing the caller's step: if Redis refuses, the sweeper acts on the row instead. */
  async scheduleOrLeave(
    job: DeadlineJob,
    at: Date,
    log: { warn: (fields: object, message: string) => void },
  ) {
    await this.schedule(job, at).catch((error: unknown) =>
      log.warn({ err: error }, 'p2p deadline not queued; the sweeper will'),
    );
  }
}

/** How an area's deadlines are applied, found overdue and found pending (c2c orders, acceptor deals). */
export type DeadlineHandler = (prisma: Db, id: number) => Promise<Notice[] | null>;
export interface DeadlineSource {
  kind: DeadlineKind;
  handle: DeadlineHandler;
  /** Rows whose deadline is at or before `now`, oldest first. */
  overdue: (prisma: Db, limit: number, now: Date) => Promise<number[]>;
  /** Rows whose deadline is after `now`, with it (to re-schedule after Redis lost them). */
  pending: (prisma: Db, limit: number, now: Date) => Promise<{ id: number; at: Date }[]>;
  /** How many deadlines are still to come, and how many have passed without being applied (monitoring). */
  count: (prisma: Db, now: Date) => Promise<{ pending: number; overdue: number }>;
}

/** Each source's deadlines, pending and overdue, at one instant. */
export async function countDeadlines(prisma: Db, sources: DeadlineSource[], now = new Date()) {
  return Promise.all(
    sources.map(async (source) => ({ kind: source.kind, ...(await source.count(prisma, now)) })),
  );
}

/** Runs one deadline job (the worker's handler) with the sources of the areas that have deadlines. */
export async function runDeadline(
  prisma: Db,
  sources: DeadlineSource[],
  job: DeadlineJob,
  pusher?: Pusher,
): Promise<boolean> {
  const source = sources.find((candidate) => candidate.kind === job.kind);
  if (!source) throw new Error(`unknown P2P deadline ${job.kind}`);
  const notices = await source.handle(prisma, job.id);
  pushNotices(pusher, notices ?? []);
  return notices !== null;
}

const SWEEP_BATCH = 200;

/**
 * One pass of the sweeper: applies every overdue deadline directly, then (when given the queue) schedules
 * every pending one again, which is harmless for jobs Redis still has. Returns what it applied.
 */
export async function sweepDeadlines(
  prisma: Db,
  sources: DeadlineSource[],
  options: {
    deadlines?: P2pDeadlines;
    pusher?: Pusher;
    log?: (fields: object, message: string) => void;
  } = {},
): Promise<Record<DeadlineKind, number>> {
  const applied: Record<DeadlineKind, number> = { 'order-expire': 0, 'acceptor-confirm': 0 };
  for (const source of sources) {
    // One instant for both questions: a deadline passing between them is then either applied or scheduled
    // (with no delay left), never missed until the next sweep.
    const now = new Date();
    for (const id of await source.overdue(prisma, SWEEP_BATCH, now)) {
      try {
        const notices = await source.handle(prisma, id);
        if (notices) {
          applied[source.kind] += 1;
          pushNotices(options.pusher, notices);
        }
      } catch (error) {
        options.log?.({ kind: source.kind, id, err: error }, 'p2p deadline failed');
      }
    }
    if (options.deadlines) {
      for (const row of await source.pending(prisma, 10 * SWEEP_BATCH, now))
        await options.deadlines.schedule({ kind: source.kind, id: row.id }, row.at);
    }
  }
  return applied;
}
