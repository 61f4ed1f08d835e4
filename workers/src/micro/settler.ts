import type { Worker } from 'bullmq';
import type { Emitter } from '@socket.io/redis-emitter';
import { Redis } from 'ioredis';
import type pg from 'pg';
import { createPool, poolSql } from '@exchange/kernel/db';
import { DEFAULT_LOCALE } from '@exchange/kernel/i18n';
import { createPushEmitter, userRoom } from '@exchange/kernel/realtime';
import { instanceWorker } from '@exchange/kernel/redis';
import {
  countDue,
  loadNames,
  MICRO_QUEUE,
  orderView,
  settleDue,
  type ExpiryJob,
  type MicroOrderRow,
} from '@exchange/api/modules/micro';
import { countFailures, workerMetrics } from '../metrics';

export interface MicroSettlerDeps {
  databaseUrl: string;
  redisUrl: string;
  redisPrefix: string;
  log: (fields: object, message: string) => void;
}

/** How often the sweeper settles whatever is due without a job (Redis lost it, or a worker died). */
export const SWEEP_INTERVAL_MS = 1_000;
/** The settler is alive while a sweep completed this recently. */
const SWEEP_STALE_MS = 10_000;
/** An order settled more than this after its expiry counts as settled late. */
const LATE_MS = 5_000;

/**
 * The seconds-contract settlement worker: the expiry jobs and a sweeper, both calling the module's
 * `settleDue` (batches, exactly once per order), then pushing `micro_closed` to each owner's room.
 * At start the sweeper runs at once, so orders that expired while no worker ran settle immediately.
 */
export class MicroSettler {
  private readonly pool: pg.Pool;
  private readonly redis: Redis;
  private readonly emitter: Emitter;
  private worker?: Worker<ExpiryJob>;
  private timer?: NodeJS.Timeout;
  private sweeping?: Promise<void>;
  /** Pushes still being sent: stop() waits for them before closing Redis. */
  private readonly pushing = new Set<Promise<void>>();
  private lastSweptAt = 0;

  constructor(private readonly deps: MicroSettlerDeps) {
    this.pool = createPool(deps.databaseUrl, 4);
    this.redis = new Redis(deps.redisUrl, { maxRetriesPerRequest: null });
    this.emitter = createPushEmitter(this.redis, deps.redisPrefix);
  }

  async start(): Promise<void> {
    // The sweep comes before the worker: a due job taken at once would lock the orders the sweep then skips,
    // and start() would return with them still running.
    await this.sweep();
    this.worker = countFailures(
      instanceWorker<ExpiryJob>(MICRO_QUEUE, () => this.settle(), {
        ...this.deps,
        concurrency: 1,
        failure: 'micro expiry job failed',
      }),
    );
    await this.worker.waitUntilReady();
    this.timer = setInterval(() => void this.sweep(), SWEEP_INTERVAL_MS);
  }

  /** Settles what is due now; the count it settled. */
  async settle(): Promise<number> {
    return settleDue(this.pool, {
      onSettled: (orders) => {
        countSettled(orders);
        const push = this.push(orders).finally(() => this.pushing.delete(push));
        this.pushing.add(push);
      },
    });
  }

  private sweep(): Promise<void> {
    // One sweep at a time; a slow one is not stacked on.
    this.sweeping ??= this.settle()
      .then(() => {
        this.lastSweptAt = Date.now();
      })
      .catch((error: unknown) => this.deps.log({ err: error }, 'micro sweep failed'))
      .finally(() => {
        this.sweeping = undefined;
      });
    return this.sweeping;
  }

  /** Whether sweeps complete (the heartbeat's evidence): one runs every second. */
  alive(now = Date.now()): boolean {
    return !this.stopped && now - this.lastSweptAt <= SWEEP_STALE_MS;
  }

  /** Orders due and not yet settled (monitoring). */
  due(): Promise<number> {
    return countDue(this.pool);
  }

  private async push(orders: MicroOrderRow[]): Promise<void> {
    try {
      const names = await loadNames(poolSql(this.pool));
      for (const order of orders) {
        const data = orderView(order, names, DEFAULT_LOCALE);
        this.emitter.to(userRoom(order.user_id)).emit('micro_closed', { type: 'micro_closed', data });
      }
    } catch (error) {
      this.deps.log({ err: error }, 'micro_closed pushes failed');
    }
  }

  private stopped = false;

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.worker?.close();
    await this.sweeping;
    await Promise.all([...this.pushing]);
    await this.redis.quit().catch(() => undefined);
    await this.pool.end();
  }
}

/** Settled orders in the metrics: how long after expiry each settled, and how many of them late. */
function countSettled(orders: MicroOrderRow[]): void {
  let late = 0;
  for (const order of orders) {
    const delayMs = (order.settled_at ?? new Date()).getTime() - order.expires_at.getTime();
    workerMetrics.microDelay.observe(Math.max(0, delayMs) / 1000);
    if (delayMs > LATE_MS) late += 1;
  }
  workerMetrics.microSettled.inc(orders.length);
  if (late > 0) workerMetrics.microLate.inc(late);
}
