import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { bullConnection, bullPrefix } from '../../infra/connections';

/**
 * How orders reach the matcher: one BullMQ queue per market (the matcher is its only consumer, so each
 * market has one writer), and one pub/sub channel on which the matcher announces, after each commit, what
 * became of the orders of the batch. Job ids are deterministic, so a command can never be queued twice.
 */
export const spotQueueName = (matchId: number) => `spot-${matchId}`;
export const resultsChannel = (redisPrefix: string) => `${redisPrefix}spot:results`;

export interface SpotJob {
  command: 'place' | 'cancel';
  orderId: string;
}

export interface OrderResult {
  orderId: string;
  userId: number;
  matchId: number;
  state: string;
  filled: string;
  rejectReason: string;
}

export class SpotQueues {
  private readonly queues = new Map<number, Queue<SpotJob>>();

  constructor(
    private readonly redisUrl: string,
    private readonly redisPrefix: string,
  ) {}

  queueFor(matchId: number): Queue<SpotJob> {
    let queue = this.queues.get(matchId);
    if (!queue) {
      queue = new Queue<SpotJob>(spotQueueName(matchId), {
        connection: bullConnection(this.redisUrl),
        prefix: bullPrefix(this.redisPrefix),
      });
      this.queues.set(matchId, queue);
    }
    return queue;
  }

  /**
   * Queues a command. `instance` tells apart commands that would otherwise share an id (an order's creation
   * time for a place, so a database restored behind Redis's back cannot collide with jobs Redis remembers).
   */
  async enqueue(matchId: number, job: SpotJob, instance: string): Promise<void> {
    await this.queueFor(matchId).add(job.command, job, {
      jobId: `${job.command}-${job.orderId}-${instance}`,
      attempts: 10,
      backoff: { type: 'fixed', delay: 200 },
      removeOnComplete: 1_000,
      removeOnFail: 10_000,
    });
  }

  async close(): Promise<void> {
    await Promise.all([...this.queues.values()].map((queue) => queue.close()));
  }
}

/** Lets a request wait, for a bounded time, for the matcher's verdict on its order. */
export class OrderResults {
  private readonly waiting = new Map<string, ((result: OrderResult) => void)[]>();
  private readonly subscriber: Redis;
  private readonly ready: Promise<unknown>;

  constructor(redisUrl: string, redisPrefix: string) {
    this.subscriber = new Redis(redisUrl, { maxRetriesPerRequest: null });
    this.subscriber.on('message', (_channel: string, payload: string) => {
      for (const result of JSON.parse(payload) as OrderResult[]) {
        const waiters = this.waiting.get(result.orderId);
        this.waiting.delete(result.orderId);
        for (const resolve of waiters ?? []) resolve(result);
      }
    });
    this.ready = this.subscriber.subscribe(resultsChannel(redisPrefix));
  }

  /** Starts listening for an order before it is queued, so a fast verdict is never missed. */
  watch(orderId: string, timeoutMs: number): Promise<OrderResult | undefined> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        const remaining = (this.waiting.get(orderId) ?? []).filter((waiter) => waiter !== settle);
        if (remaining.length > 0) this.waiting.set(orderId, remaining);
        else this.waiting.delete(orderId);
        resolve(undefined);
      }, timeoutMs);
      const settle = (result: OrderResult) => {
        clearTimeout(timer);
        resolve(result);
      };
      this.waiting.set(orderId, [...(this.waiting.get(orderId) ?? []), settle]);
    });
  }

  async whenReady(): Promise<void> {
    await this.ready;
  }

  async close(): Promise<void> {
    await this.subscriber.quit().catch(() => undefined);
  }
}
