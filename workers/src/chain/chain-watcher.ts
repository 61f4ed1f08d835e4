import { Redis } from 'ioredis';
import type { Db } from '@exchange/kernel/db';
import { createPushEmitter, pushToUser, type PushEmitter } from '@exchange/kernel/realtime';
import { chainDepositPush, startWatching, watchStep, type ChainSource } from '@exchange/api/modules/wallet';

export interface ChainWatcherDeps {
  prisma: Db;
  /** The chain, already checked against the settings (createEvmSource refuses a wrong one). */
  source: ChainSource;
  /** Where a watcher without a stored height starts (unset: the head). */
  startBlock?: number;
  pollMs: number;
  redisUrl: string;
  redisPrefix: string;
  log: (fields: object, message: string) => void;
}

/**
 * The loop of a chain watcher: a step (up to the head, or a bounded number of blocks) every `pollMs`, the
 * users' pushes after each step's transactions committed. A failed step (the node away, a reorganisation
 * deeper than the blocks kept) is logged and tried again at the next poll. Rules live in the wallet area.
 */
export class ChainWatcher {
  private readonly redis: Redis;
  private readonly emitter: PushEmitter;
  private timer?: NodeJS.Timeout;
  private running: Promise<void> = Promise.resolve();
  private stopped = false;
  private lastGoodStepAt = Date.now();

  constructor(private readonly deps: ChainWatcherDeps) {
    this.redis = new Redis(deps.redisUrl, { maxRetriesPerRequest: 3, lazyConnect: true });
    this.emitter = createPushEmitter(this.redis, deps.redisPrefix);
  }

  /** Refuses to start on a stored height of another chain, or a currency the exchange does not list. */
  async start(): Promise<void> {
    await startWatching(this.deps, this.deps.startBlock);
    this.schedule(0);
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.step().finally(() => this.schedule(this.deps.pollMs));
    }, delayMs);
  }

  /** One step now; answers when its pushes are sent. */
  async step(): Promise<void> {
    try {
      const events = await watchStep(this.deps);
      for (const event of events) pushToUser(this.emitter, event.userId, chainDepositPush(event));
      this.lastGoodStepAt = Date.now();
    } catch (error) {
      this.deps.log(
        { level: 'error', network: this.deps.source.network, err: error },
        'chain watch step failed',
      );
    }
  }

  /** How far behind the node's head it is, in blocks (the metric and its alert read it at scrape time). */
  async lag(): Promise<{ network: string; blocks: number }[]> {
    const { network } = this.deps.source;
    const [head, cursor] = await Promise.all([
      this.deps.source.headHeight(),
      this.deps.prisma.chainCursor.findUnique({ where: { network } }),
    ]);
    return cursor ? [{ network, blocks: Math.max(0, head - Number(cursor.height)) }] : [];
  }

  /** Alive while its steps succeed: a node away for a few polls is news for the heartbeat, not at once. */
  alive(): boolean {
    return Date.now() - this.lastGoodStepAt < Math.max(5 * this.deps.pollMs, 30_000);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
    this.redis.disconnect();
  }
}
