import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { bullConnection, bullPrefix, instanceChannel } from '@exchange/kernel/redis';
import { orderStages } from '@exchange/kernel/stage-times';

/**
 * How orders reach the matcher. Placements: each API process appends the orders of a group commit, as one
 * entry, to the market's Redis stream; the matcher (the stream's one consumer group, so each market has one
 * writer) reads whatever has gathered in one call and acknowledges it after its commit. Cancels, and the
 * sweeper's re-queued placements, go through one BullMQ queue per market with deterministic job ids. One
 * pub/sub channel carries what became of the orders of each committed batch.
 */
export const spotQueueName = (matchId: number) => `spot-${matchId}`;
export const resultsChannel = (redis: Redis, redisPrefix: string) =>
  instanceChannel(redis, redisPrefix, 'spot:results');
export const placementsStream = (redisPrefix: string, matchId: number) =>
  `${redisPrefix}spot:placements:${matchId}`;
export const PLACEMENTS_GROUP = 'matcher';
/** A stream the matcher does not read (it is down) is capped; the sweeper finds whatever is trimmed away. */
const PLACEMENTS_STREAM_MAX = 100_000;

/** One command for the matcher. */
export interface SpotCommand {
  command: 'place' | 'cancel';
  orderId: string;
  /**
   * The order's owner, when the command came through the placements stream: the matcher reads the owners'
   * balances in the same round trip as their orders. Only a hint: what counts is the stored order's owner.
   */
  ownerId?: number;
}

export type SpotJob = SpotCommand;

/**
 * The orders a placements-stream entry carries: its `orders` field, `id:owner` pairs separated by commas
 * (a bare id, as older entries have, is read too).
 */
export function placementsOf(fields: string[]): SpotCommand[] {
  const index = fields.indexOf('orders');
  const entries = index >= 0 ? (fields[index + 1] ?? '') : '';
  return entries.split(',').flatMap((entry) => {
    const [, orderId, owner] = /^(\d+)(?::(\d+))?$/.exec(entry) ?? [];
    if (!orderId) return [];
    return [{ command: 'place' as const, orderId, ...(owner ? { ownerId: Number(owner) } : {}) }];
  });
}

/** What the API knows of an order it just stored: enough to name its job. */
export interface QueuedOrder {
  id: bigint;
  match_id: number;
  created_at: Date;
}

/** An order the API just stored, with its owner (named in the placements stream). */
export interface StoredOrder extends QueuedOrder {
  user_id: number;
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
  private streams?: Redis;

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
   * Hands the stored orders of one market to the matcher as one entry of the market's placements stream, in
   * id order. Appending twice is harmless: the matcher skips an order that is no longer new.
   */
  async enqueuePlacements(matchId: number, orders: StoredOrder[]): Promise<void> {
    if (orders.length === 0) return;
    const ids = [...orders]
      .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
      .map((order) => `${order.id}:${order.user_id}`)
      .join(',');
    // Fail fast when Redis is away: the orders are stored, and the sweeper will queue them.
    if (!this.streams) {
      this.streams = new Redis(this.redisUrl, { maxRetriesPerRequest: 1, enableAutoPipelining: true });
      // A Redis that is away fails the XADD below, which is handled; the connection's own error events
      // would only be printed by ioredis as unhandled, once per reconnect attempt.
      this.streams.on('error', () => undefined);
    }
    await this.streams.xadd(
      placementsStream(this.redisPrefix, matchId),
      'MAXLEN',
      '~',
      PLACEMENTS_STREAM_MAX,
      '*',
      'orders',
      ids,
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
    await this.streams?.quit().catch(() => undefined);
  }
}

/** The market a batch of results belongs to, as the `spot_order` push names it. */
export interface ResultMarket {
  symbol: string;
  match_id: number;
  legal_id: number;
  currency_id: number;
}

/** What the matcher publishes after each committed batch. */
export interface ResultBatch {
  market: ResultMarket;
  results: OrderResult[];
  /** When the matcher published it (Date.now()): the start of the trace's 'answer' stage. */
  publishedAt?: number;
}

/**
 * Lets a request wait, for a bounded time, for the matcher's verdict on its order; and hands every batch of
 * verdicts to listeners (each API process pushes `spot_order` to its own sockets from them).
 */
export class OrderResults {
  private readonly waiting = new Map<string, ((result: OrderResult | undefined) => void)[]>();
  private readonly listeners: ((batch: ResultBatch) => void)[] = [];
  private readonly subscriber: Redis;
  private readonly ready: Promise<unknown>;

  constructor(redisUrl: string, redisPrefix: string) {
    this.subscriber = new Redis(redisUrl, { maxRetriesPerRequest: null });
    this.subscriber.on('message', (_channel: string, payload: string) => {
      const batch = JSON.parse(payload) as ResultBatch;
      const now = Date.now();
      for (const result of batch.results) {
        const waiters = this.waiting.get(result.orderId);
        if (!waiters) continue;
        this.waiting.delete(result.orderId);
        if (batch.publishedAt) orderStages.record('answer', now - batch.publishedAt);
        for (const resolve of waiters) resolve(result);
      }
      for (const listener of this.listeners) listener(batch);
    });
    this.ready = this.subscriber.subscribe(resultsChannel(this.subscriber, redisPrefix));
    // Closed before the subscription answered: only whenReady() callers hear of it, never the process.
    this.ready.catch(() => undefined);
  }

  onBatch(listener: (batch: ResultBatch) => void): void {
    this.listeners.push(listener);
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
