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

/** One command for the matcher. */
export interface SpotCommand {
  command: 'place' | 'cancel';
  orderId: string;
}

/**
 * What a job carries: one command, or the placements of one group commit (the orders one API process
 * committed together, in id order), so a busy market costs one job per commit rather than one per order.
 */
export type SpotJob = SpotCommand | { command: 'place-many'; orderIds: string[] };

export const commandsOf = (job: SpotJob): SpotCommand[] =>
  job.command === 'place-many'
    ? job.orderIds.map((orderId) => ({ command: 'place' as const, orderId }))
    : [job];

/** What the API knows of an order it just stored: enough to name its job. */
export interface QueuedOrder {
  id: bigint;
  match_id: number;
  created_at: Date;
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
  async enqueue(matchId: number, job: SpotCommand, instance: string): Promise<void> {
    await this.add(matchId, job, `${job.command}-${job.orderId}-${instance}`);
  }

  /**
   * Queues the placement of stored orders of one market, in one job. Its id names the batch by its first and
   * last order (no other batch holds either) and their creation time, so a retried add is a no-op; the
   * sweeper re-queues any order of it that never got matched under the order's own single-command id.
   */
  async enqueuePlacements(matchId: number, orders: QueuedOrder[]): Promise<void> {
    const sorted = [...orders].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const [first] = sorted;
    const last = sorted.at(-1);
    if (!first || !last) return;
    const instance = String(first.created_at.getTime());
    if (sorted.length === 1) {
      await this.enqueue(matchId, { command: 'place', orderId: first.id.toString() }, instance);
      return;
    }
    await this.add(
      matchId,
      { command: 'place-many', orderIds: sorted.map((order) => order.id.toString()) },
      `place-many-${first.id}-${last.id}-${instance}`,
    );
  }

  private async add(matchId: number, job: SpotJob, jobId: string): Promise<void> {
    await this.queueFor(matchId).add(job.command, job, {
      jobId,
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
  private readonly waiting = new Map<string, ((result: OrderResult | undefined) => void)[]>();
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
      const settle = (result: OrderResult | undefined) => {
        clearTimeout(timer);
        resolve(result);
      };
      this.waiting.set(orderId, [...(this.waiting.get(orderId) ?? []), settle]);
    });
  }

  /** Stops waiting for these orders: their waiters get no verdict (the answer says "being matched"). */
  release(orderIds: string[]): void {
    for (const orderId of orderIds) {
      const waiters = this.waiting.get(orderId);
      this.waiting.delete(orderId);
      for (const resolve of waiters ?? []) resolve(undefined);
    }
  }

  async whenReady(): Promise<void> {
    await this.ready;
  }

  async close(): Promise<void> {
    await this.subscriber.quit().catch(() => undefined);
  }
}
