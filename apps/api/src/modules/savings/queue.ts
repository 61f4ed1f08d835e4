import { InstanceQueue, WORKER_QUEUES } from '@exchange/kernel/redis';

/**
 * Savings jobs in BullMQ: a repeatable `accrue` job that pays the days completed since it last ran, and
 * one delayed `mature` job per holding at the end of its term (deterministic id: scheduling it again while
 * it waits changes nothing). Postgres holds every holding's next due instant and end, and the worker's
 * sweeper settles whatever is overdue at start, so a flushed Redis only delays a payment.
 */
export const SAVINGS_QUEUE = WORKER_QUEUES.savings;
/** How often the accrual job looks for completed days: a day is paid within this long of completing. */
export const ACCRUE_EVERY_MS = 15 * 60_000;

export type SavingsJob = { kind: 'accrue' } | { kind: 'mature'; holdingId: number };

export const maturityJobId = (holdingId: number) => `mature-${holdingId}`;

export class SavingsJobs extends InstanceQueue<SavingsJob> {
  constructor(redisUrl: string, redisPrefix: string) {
    super(SAVINGS_QUEUE, redisUrl, redisPrefix);
  }

  /** The holding's maturity at `endAt`; the holding is already stored, so a failure only delays it. */
  async scheduleMaturity(holdingId: number, endAt: Date, now = new Date()): Promise<void> {
    await this.queue.add(
      'mature',
      { kind: 'mature', holdingId },
      {
        jobId: maturityJobId(holdingId),
        delay: Math.max(0, endAt.getTime() - now.getTime()),
        attempts: 10,
        backoff: { type: 'exponential', delay: 1_000 },
        removeOnComplete: 1_000,
        removeOnFail: 10_000,
      },
    );
  }

  /** The repeatable accrual job (upserted: every process may call this at start). */
  async scheduleAccrual(everyMs = ACCRUE_EVERY_MS): Promise<void> {
    await this.queue.upsertJobScheduler(
      'savings-accrue',
      { every: everyMs },
      {
        name: 'accrue',
        data: { kind: 'accrue' },
      },
    );
  }
}
