import { InstanceQueue, WORKER_QUEUES } from '@exchange/kernel/redis';
import { SETTLE_GRACE_MS } from './prices';

/**
 * Seconds-order expiries as BullMQ delayed jobs. Orders expiring within the same EXPIRY_BUCKET_MS share one
 * job whose id names the bucket (deterministic: adding it again while it waits changes nothing); the job
 * runs SETTLE_GRACE_MS after the bucket ends and settles everything due by then, in batches. Postgres holds
 * every expiry too (micro_orders.expires_at), and a sweeper settles whatever is overdue, so a lost job or a
 * flushed Redis only delays a settlement by the sweep interval.
 */
export const MICRO_QUEUE = WORKER_QUEUES.microSettle;
export const EXPIRY_BUCKET_MS = 100;

export interface ExpiryJob {
  bucket: number;
}

export function expiryJobOf(expiresAt: Date, now = Date.now()) {
  const bucket = Math.ceil(expiresAt.getTime() / EXPIRY_BUCKET_MS);
  return {
    jobId: `expiry-${bucket}`,
    data: { bucket } satisfies ExpiryJob,
    delay: Math.max(0, bucket * EXPIRY_BUCKET_MS + SETTLE_GRACE_MS - now),
  };
}

export class MicroQueue extends InstanceQueue<ExpiryJob> {
  constructor(redisUrl: string, redisPrefix: string) {
    super(MICRO_QUEUE, redisUrl, redisPrefix);
  }

  /** Schedules the settlement of an expiry; the order is already stored, so a failure here only delays it. */
  async scheduleExpiry(expiresAt: Date): Promise<void> {
    const job = expiryJobOf(expiresAt);
    await this.queue.add('expiry', job.data, {
      jobId: job.jobId,
      delay: job.delay,
      attempts: 5,
      backoff: { type: 'fixed', delay: 500 },
      removeOnComplete: 1_000,
      removeOnFail: 1_000,
    });
  }
}
