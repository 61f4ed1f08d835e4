import type { LeverClosedPush } from '@exchange/contracts';
import type { Emitter } from '@socket.io/redis-emitter';
import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import type pg from 'pg';
import { createPool, poolSql } from '@exchange/kernel/db';
import { Money } from '@exchange/kernel/ledger';
import { bullOptions, WORKER_QUEUES } from '@exchange/kernel/redis';
import { createPushEmitter, userRoom } from '@exchange/kernel/realtime';
import {
  accountKey,
  chargeOvernightFees,
  emptyAccount,
  leverChangedChannel,
  markAges,
  RiskEngine,
  shanghaiDay,
  type SettledPosition,
} from '@exchange/api/modules/lever';
import { countFailures, workerMetrics } from '../metrics';

export interface RiskWorkerDeps {
  databaseUrl: string;
  redisUrl: string;
  redisPrefix: string;
  /** Milliseconds between looks at the books for the marks (default 1 s). */
  markSampleMs?: number;
  log: (fields: object, message: string) => void;
}

export const LEVER_QUEUE = WORKER_QUEUES.lever;
/** Pushes per user at most twice a second; each flush sends at most this many accounts (the rest wait). */
const PUSH_INTERVAL_MS = 500;
const PUSH_ACCOUNTS_PER_FLUSH = 2_000;
/** How often the books are looked at for the marks (MarkSampler); tests look more often. */
const MARK_SAMPLE_MS = 1_000;
/** Every pair is evaluated at least this often (stale notifications, stops set at the current mark). */
const SWEEP_INTERVAL_MS = 1_000;
/** Everything is reloaded from Postgres this often (whatever notifications were lost). */
const RELOAD_INTERVAL_MS = 30_000;
/** The worker is alive while its looks at the books succeed and no round runs longer than this. */
const LOOK_STALE_MS = 10_000;
const ROUND_STALL_MS = 60_000;
/** "At risk": a risk rate within this many times the liquidation line. */
const AT_RISK_FACTOR = 2n;

/**
 * The lever risk worker process: looks at the books every second for the marks (the module's MarkSampler,
 * the one writer of `lever_marks`), follows the API's notifications of changed users, and hands each change
 * to the module's RiskEngine (which holds the rules). One pair is evaluated at a time; a mark that changes
 * while its pair is being evaluated is evaluated again after.
 * Also schedules the daily overnight fee (00:01 Asia/Shanghai, BullMQ) and runs it for today at start.
 */
export class RiskWorker {
  readonly engine: RiskEngine;
  private readonly pool: pg.Pool;
  private readonly redis: Redis;
  private readonly subscriber: Redis;
  private readonly emitter: Emitter;
  private readonly pending = new Set<number>();
  private readonly dirtyUsers = new Set<number>();
  /** Accounts (user and quote currency) whose `lever_trade` is due at the next flush, by account key. */
  private readonly pushQueue = new Map<string, { userId: number; legalId: number }>();
  private readonly lastPushed = new Map<string, string>();
  private running = false;
  private idle: Promise<void> = Promise.resolve();
  private wake?: () => void;
  private timers: NodeJS.Timeout[] = [];
  private queue?: Queue;
  private worker?: Worker;
  private stopped = false;
  private sampling = false;
  private reloadAll = false;
  /** When the last look at the books succeeded, and when the round in progress (if any) began. */
  private lastLookAt = 0;
  private roundStartedAt: number | undefined;
  /** Rounds run since start, for operators and the benchmark. */
  readonly stats = { rounds: 0, settled: 0, liquidatedAccounts: 0, activated: 0 };

  constructor(private readonly deps: RiskWorkerDeps) {
    this.pool = createPool(deps.databaseUrl, 4);
    this.engine = new RiskEngine(this.pool);
    this.redis = new Redis(deps.redisUrl, { maxRetriesPerRequest: null, enableAutoPipelining: true });
    this.subscriber = new Redis(deps.redisUrl, { maxRetriesPerRequest: null });
    this.emitter = createPushEmitter(this.redis, deps.redisPrefix);
  }

  async start(options: { overnight?: boolean } = {}): Promise<void> {
    // A crash may have left positions claimed but not settled: finish them first, each exactly once.
    this.announce(await this.engine.finishClosing());
    await this.engine.load();
    // The marks recorded before a restart hold until the first look at the books confirms or moves them.
    await this.engine.loadMarks();
    await this.sampleMarks();
    this.subscriber.on('message', (_channel: string, message: string) => this.onUsersChanged(message));
    await this.subscriber.subscribe(leverChangedChannel(this.subscriber, this.deps.redisPrefix));
    this.running = true;
    this.idle = this.loop();
    for (const matchId of this.engine.book.marks.keys()) this.schedule(matchId);
    this.timers.push(
      setInterval(() => void this.sampleMarks(), this.deps.markSampleMs ?? MARK_SAMPLE_MS),
      setInterval(() => {
        for (const matchId of this.engine.book.marks.keys()) this.schedule(matchId);
      }, SWEEP_INTERVAL_MS),
      setInterval(() => this.flushPushes(), PUSH_INTERVAL_MS),
      setInterval(() => {
        this.reloadAll = true;
        this.kick();
      }, RELOAD_INTERVAL_MS),
    );
    if (options.overnight !== false) await this.startOvernight();
    this.deps.log(
      { positions: this.engine.book.size, pairs: this.engine.book.marks.size },
      'lever risk worker started',
    );
  }

  /** One look at the books; pairs whose mark moved are evaluated. A failed look is retried at the next. */
  private async sampleMarks(): Promise<void> {
    if (this.sampling) return;
    this.sampling = true;
    try {
      for (const matchId of await this.engine.sampleMarks()) this.schedule(matchId);
      this.lastLookAt = Date.now();
    } catch (error) {
      if (!this.stopped) this.deps.log({ err: error }, 'lever mark sample failed');
    } finally {
      this.sampling = false;
    }
  }

  private onUsersChanged(message: string): void {
    try {
      const ids = JSON.parse(message) as unknown;
      if (Array.isArray(ids)) for (const id of ids) if (typeof id === 'number') this.dirtyUsers.add(id);
      this.kick();
    } catch {
      // Not ours: ignored.
    }
  }

  schedule(matchId: number): void {
    this.pending.add(matchId);
    this.kick();
  }

  private kick(): void {
    this.wake?.();
  }

  /** One round at a time: reload what changed, then evaluate each pair whose mark moved. */
  private async loop(): Promise<void> {
    while (this.running) {
      if (this.pending.size === 0 && this.dirtyUsers.size === 0 && !this.reloadAll) {
        await new Promise<void>((resolve) => {
          this.wake = resolve;
          if (!this.running) resolve();
        });
        this.wake = undefined;
        continue;
      }
      this.roundStartedAt = Date.now();
      try {
        if (this.reloadAll) {
          this.reloadAll = false;
          this.announce(await this.engine.finishClosing());
          await this.engine.load();
        }
        if (this.dirtyUsers.size > 0) {
          const users = [...this.dirtyUsers];
          this.dirtyUsers.clear();
          // Accounts a reload empties (the last entrust cancelled) get their final, empty push too.
          for (const userId of users) this.queuePushesOf(userId);
          await this.engine.reloadUsers(users);
          for (const userId of users) this.queuePushesOf(userId);
        }
        const pairs = [...this.pending];
        this.pending.clear();
        for (const matchId of pairs) {
          const round = await this.engine.evaluatePair(matchId);
          this.stats.rounds += 1;
          this.stats.settled += round.settled.length;
          this.stats.liquidatedAccounts += round.liquidatedAccounts;
          if (round.liquidatedAccounts > 0) workerMetrics.liquidations.inc(round.liquidatedAccounts);
          this.stats.activated += round.activated.length;
          this.announce(round.settled);
          for (const account of this.engine.book.accountsOnPair(matchId)) this.queuePush(account);
          if (round.activated.length > 0 || round.settled.length > 0)
            this.deps.log(
              {
                matchId,
                evaluateMs: Number(round.evaluateMs.toFixed(2)),
                settleMs: Number(round.settleMs.toFixed(1)),
                activated: round.activated.length,
                settled: round.settled.length,
                liquidatedAccounts: round.liquidatedAccounts,
              },
              'lever risk round',
            );
        }
      } catch (error) {
        if (!this.running) break;
        this.deps.log({ err: error }, 'lever risk round failed, reloading');
        this.reloadAll = true;
        await new Promise((resolve) => setTimeout(resolve, 200));
      } finally {
        this.roundStartedAt = undefined;
      }
    }
  }

  /** Whether the worker looks at the books and no round hangs (the heartbeat's evidence). */
  alive(now = Date.now()): boolean {
    if (!this.running) return false;
    const roundStalled = this.roundStartedAt !== undefined && now - this.roundStartedAt > ROUND_STALL_MS;
    return now - this.lastLookAt <= LOOK_STALE_MS && !roundStalled;
  }

  /** What monitoring reads of the book: positions held, and accounts close to liquidation. */
  exposure(): { open: number; accountsAtRisk: number } {
    return { open: this.engine.book.size, accountsAtRisk: this.engine.book.accountsAtRisk(AT_RISK_FACTOR) };
  }

  /** Each pair's mark age and reliability, as recorded in Postgres. */
  markAges() {
    return markAges(poolSql(this.pool));
  }

  private queuePush(account: { userId: number; legalId: number }): void {
    this.pushQueue.set(accountKey(account.userId, account.legalId), {
      userId: account.userId,
      legalId: account.legalId,
    });
  }

  private queuePushesOf(userId: number): void {
    for (const account of this.engine.book.accountsOfUser(userId)) this.queuePush(account);
  }

  /** `lever_closed` with the ids of settled positions, and a fresh `lever_trade` for their owners. */
  private announce(settled: SettledPosition[]): void {
    countSettled(settled);
    const byUser = new Map<number, number[]>();
    for (const position of settled)
      byUser.set(position.userId, [...(byUser.get(position.userId) ?? []), Number(position.id)]);
    for (const [userId, ids] of byUser) {
      const push: LeverClosedPush = { type: 'lever_closed', to: userId, id: ids };
      this.emitter.to(userRoom(userId)).emit('lever_closed', push);
      this.queuePushesOf(userId);
    }
    // An account whose last position closed is gone from the book: its owner still gets the empty state.
    for (const position of settled) this.queuePush(position);
  }

  /**
   * Sends `lever_trade` to accounts whose state changed since their last push (at most every 500 ms). An
   * account that left the book (nothing open or pending any more) gets one last push with empty lists and a
   * risk rate of 0, so a client showing the totals never keeps stale ones.
   */
  private flushPushes(): void {
    let sent = 0;
    for (const [key, { userId, legalId }] of this.pushQueue) {
      if (sent >= PUSH_ACCOUNTS_PER_FLUSH) break;
      this.pushQueue.delete(key);
      const account = this.engine.book.account(key);
      if (!account && !this.lastPushed.has(key)) continue;
      const payload = this.engine.leverTradePayload(account ?? emptyAccount(userId, legalId));
      const text = JSON.stringify(payload);
      if (this.lastPushed.get(key) === text) continue;
      if (account) this.lastPushed.set(key, text);
      else this.lastPushed.delete(key);
      this.emitter.to(userRoom(userId)).emit('lever_trade', payload);
      sent += 1;
    }
  }

  /** Runs one day's overnight fee (the job's body; idempotent). */
  async chargeOvernight(day = shanghaiDay(new Date())) {
    const run = await chargeOvernightFees(this.pool, day, (matchId) =>
      Promise.resolve(this.engine.markOf(matchId)),
    );
    this.announce(run.closed);
    this.reloadAll = true;
    this.kick();
    return run;
  }

  private async startOvernight(): Promise<void> {
    const options = bullOptions(this.deps);
    this.queue = new Queue(LEVER_QUEUE, options);
    await this.queue.upsertJobScheduler(
      'lever-overnight',
      { pattern: '1 0 * * *', tz: 'Asia/Shanghai' },
      { name: 'lever-overnight' },
    );
    this.worker = countFailures(
      new Worker(
        LEVER_QUEUE,
        async (job) => {
          if (job.name !== 'lever-overnight') throw new Error(`unknown lever job ${job.name}`);
          const run = await this.chargeOvernight();
          this.deps.log(
            { day: run.day, charged: run.charged, closed: run.closed.length },
            'lever overnight fees',
          );
          return { day: run.day, charged: run.charged, closed: run.closed.length };
        },
        { ...options, concurrency: 1 },
      ),
    );
    this.worker.on('failed', (job, error) =>
      this.deps.log({ job: job?.name, err: error }, 'lever job failed'),
    );
    // The schedule lives in Redis; the day's record in Postgres: today is charged now if it was not yet.
    const run = await this.chargeOvernight();
    if (!run.alreadyDone)
      this.deps.log({ day: run.day, charged: run.charged }, 'lever overnight fees (start)');
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.running = false;
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    this.kick();
    await this.idle;
    await this.worker?.close();
    await this.queue?.close();
    this.subscriber.disconnect();
    this.redis.disconnect();
    await this.pool.end();
  }
}

/** Settled positions in the metrics: by close reason, and those the house could not cover in full. */
function countSettled(settled: SettledPosition[]): void {
  for (const position of settled) {
    workerMetrics.positionsClosed.inc({ reason: position.reason });
    if (new Money(position.shortfall).gt(position.insurancePaid))
      workerMetrics.beyondFund.inc({ kind: 'loss' });
    if (new Money(position.unpaid).gt(0)) workerMetrics.beyondFund.inc({ kind: 'profit' });
  }
}
