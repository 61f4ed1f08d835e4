import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Db } from '@exchange/kernel/db';
import { createPool } from '@exchange/kernel/db';
import type pg from 'pg';
import { orderStages } from '@exchange/kernel/stage-times';
import {
  commandsOf,
  placementsStream,
  PLACEMENTS_GROUP,
  resultsChannel,
  type BatchOutcome,
  type ResultBatch,
  type SpotCommand,
  marketNameOf,
  pairsChangedChannel,
  symbolOf,
  Market,
  settleBatch,
  type Pair,
} from '@exchange/api/modules/spot';
import { workerMetrics } from '../metrics';
import { MicroBatcher } from './batcher';
import { MarketPushes } from './pushes';

export interface MatcherDeps {
  prisma: Db;
  /** The same database for `pg`: batches are settled in plain SQL (see db/sql.ts). */
  databaseUrl: string;
  redisUrl: string;
  redisPrefix: string;
  log: (fields: object, message: string) => void;
  /** The pairs this matcher runs, by symbol (`BTC/USDT`); unset: every pair. */
  matcherPairs?: string[] | undefined;
}

const LEASE_MS = 15_000;
/**
 * Extends a market's lease when this matcher holds it, and takes it back when nobody does: a Redis that was flushed
 * or restarted without persistence forgot every key, and a matcher that stopped then would leave the books
 * without a writer while its process lives on (found by the crash drills). Held by another matcher: 0.
 */
const RENEW_LEASE = `
local owner = redis.call('get', KEYS[1])
if owner == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) end
if not owner then
  redis.call('set', KEYS[1], ARGV[1], 'PX', ARGV[2])
  return 1
end
return 0`;
/** Gives a market's lease back, only when this matcher still holds it. */
const RELEASE_LEASE =
  "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";
/** Stream entries (each one turn of an API process) read at most at once, and how long a read waits for the first. */
const PLACEMENT_READ_ENTRIES = 1_000;
const PLACEMENT_BLOCK_MS = 1_000;
/** A market reader that has not come round for this long is stuck (a batch that never commits). */
const READER_STALL_MS = 15_000;

/**
 * The spot matcher: the one writer of every order book and of the orders themselves. It owns the books in
 * memory (rebuilt from Postgres at start), takes place and cancel commands from each market's Redis stream,
 * settles them in batches (one Postgres transaction each, which writes each new order once, in its final
 * state) and only then announces results and pushes market data. Each market has a Redis lease of its own, so
 * a second matcher never writes a book at the same time, and matchers given different pairs (`matcherPairs`,
 * MATCHER_PAIRS) run side by side, one writer per market; a matcher that wants a market held by another stands
 * by and takes it when that lease lapses.
 */
export class Matcher {
  private readonly markets = new Map<number, Market>();
  /** Each running market's stream reader: its blocking connection, its loop, and whether it should stop. */
  private readonly readers = new Map<number, { connection: Redis; loop: Promise<void>; stopped: boolean }>();
  /** Markets this matcher runs once their lease is free (another matcher holds it now). */
  private readonly standingBy = new Map<number, Pair>();
  /** Whether a round of `keepLeases` is running. */
  private keepingLeases = false;
  private running = true;
  private readonly redis: Redis;
  private readonly pool: pg.Pool;
  private readonly leaseOwner = randomUUID();
  /** Totals since start: committed batches, the commands they carried, and the time they took. */
  readonly stats = { batches: 0, commands: 0, settleMs: 0 };
  private pushes?: MarketPushes;
  private timers: NodeJS.Timeout[] = [];
  /** Pairs an operator changed (fees, precision...), applied by the market's next batch (see settle). */
  private readonly changedPairs = new Map<number, Pair>();
  /** Markets whose book is being rebuilt before they start: a second announcement must not open them twice. */
  private readonly opening = new Set<number>();
  private pairSubscriber?: Redis;
  /** When each market's placements reader last came round its loop (the heartbeat's evidence). */
  private readonly readerRounds = new Map<number, number>();

  constructor(private readonly deps: MatcherDeps) {
    // Auto-pipelining: the pushes of a batch (one PUBLISH per event) go out in one write, not one each.
    this.redis = new Redis(deps.redisUrl, { maxRetriesPerRequest: null, enableAutoPipelining: true });
    this.pool = createPool(deps.databaseUrl, 4);
  }

  private leaseKey(matchId: number): string {
    return `${this.deps.redisPrefix}matcher:lease:${matchId}`;
  }

  /** Whether this matcher is to run the pair (every pair when it was given none). */
  private runs(pair: Pair): boolean {
    return !this.deps.matcherPairs || this.deps.matcherPairs.includes(symbolOf(pair));
  }

  async start(): Promise<void> {
    this.pushes = new MarketPushes(this.redis, this.deps.redisPrefix, this.deps.prisma);
    await this.listenForPairChanges();
    const pairs = await this.deps.prisma.currencyMatch.findMany({
      // A closed pair too while it holds orders: delisting refuses new orders, but the resting ones must
      // still be cancellable (their owners' funds are locked in them).
      where: { OR: [{ open_coin_trade: 1 }, { orders: { some: { state: 'open' } } }] },
      include: { legal: true, currency: true },
    });
    for (const pair of pairs.filter((candidate) => this.runs(candidate))) await this.claim(pair);
    this.timers.push(setInterval(() => void this.keepLeases(), LEASE_MS / 3));
    this.deps.log({ markets: this.markets.size, standingBy: this.standingBy.size }, 'matcher started');
  }

  /** Runs the market if its lease is free; otherwise stands by for it. */
  private async claim(pair: Pair): Promise<void> {
    if (this.markets.has(pair.id) || this.opening.has(pair.id)) return;
    const taken = await this.redis.set(this.leaseKey(pair.id), this.leaseOwner, 'PX', LEASE_MS, 'NX');
    if (taken !== 'OK') {
      this.standingBy.set(pair.id, pair);
      return;
    }
    this.standingBy.delete(pair.id);
    await this.openMarket(pair);
  }

  /**
   * Extends the leases of the markets this matcher runs, stops a market whose lease another matcher holds now
   * (two writers of one book would be worse than none for a moment), and takes the markets it stands by for
   * whose lease lapsed.
   */
  private async keepLeases(): Promise<void> {
    // A round still running (a book rebuilt slowly) is not joined by the next: two rounds could both claim a
    // market, and the second would find its own lease taken and stand by for a market it runs.
    if (this.keepingLeases) return;
    this.keepingLeases = true;
    try {
      await this.keepLeasesOnce();
    } finally {
      this.keepingLeases = false;
    }
  }

  private async keepLeasesOnce(): Promise<void> {
    for (const matchId of [...this.markets.keys()]) {
      try {
        const renewed = await this.redis.eval(
          RENEW_LEASE,
          1,
          this.leaseKey(matchId),
          this.leaseOwner,
          LEASE_MS,
        );
        if (renewed === 1) continue;
        this.deps.log({ market: matchId }, 'matcher lost the lease of a market, stopping it');
        const market = this.markets.get(matchId);
        await this.closeMarket(matchId);
        if (market && this.running) this.standingBy.set(matchId, market.pair);
      } catch (error) {
        this.deps.log({ err: error, market: matchId }, 'matcher lease not renewed, trying again');
      }
    }
    for (const pair of [...this.standingBy.values()]) {
      if (!this.running) return;
      await this.claim(pair).catch((error: unknown) =>
        this.deps.log({ err: error, market: pair.id }, 'market not claimed, trying again'),
      );
    }
  }

  /** Starts matching a market: its book rebuilt from Postgres and its stream read. */
  private async openMarket(pair: Pair): Promise<void> {
    if (this.markets.has(pair.id) || this.opening.has(pair.id)) return;
    this.opening.add(pair.id);
    try {
      const market = new Market(pair);
      await market.rebuild(this.deps.prisma);
      if (!this.running) return;
      this.markets.set(pair.id, market);
      const batcher = new MicroBatcher<SpotCommand>((commands) => this.settle(market, commands));
      const reader = {
        connection: new Redis(this.deps.redisUrl, { maxRetriesPerRequest: null }),
        loop: Promise.resolve(),
        stopped: false,
      };
      reader.loop = this.readPlacements(pair.id, batcher, reader);
      this.readers.set(pair.id, reader);
    } finally {
      this.opening.delete(pair.id);
    }
  }

  /** Stops reading a market (its batch under way commits first) and forgets its book. */
  private async closeMarket(matchId: number): Promise<void> {
    const reader = this.readers.get(matchId);
    this.readers.delete(matchId);
    if (reader) {
      reader.stopped = true;
      reader.connection.disconnect();
      await reader.loop;
    }
    this.markets.delete(matchId);
    this.readerRounds.delete(matchId);
  }

  /**
   * An operator's change of a pair (admin console) is announced on a channel: the fresh row waits here and the
   * market's next batch takes it, inside the batcher's one-flush-at-a-time order, so a batch never sees the
   * pair change half-way and a re-gridded book is never rebuilt under a running batch. A pair this matcher
   * does not run yet (listed while it ran, or closed when it started) is opened once it is open for trading.
   */
  private async listenForPairChanges(): Promise<void> {
    const subscriber = new Redis(this.deps.redisUrl, { maxRetriesPerRequest: null });
    this.pairSubscriber = subscriber;
    subscriber.on('message', (_channel: string, message: string) => {
      const id = Number(message);
      this.deps.prisma.currencyMatch
        .findUnique({ where: { id }, include: { legal: true, currency: true } })
        .then(async (pair) => {
          if (!pair) return;
          // A market still opening read the pair before this change: its first batch takes the fresh row.
          if (this.markets.has(id) || this.opening.has(id)) this.changedPairs.set(id, pair);
          else if (this.standingBy.has(id)) this.standingBy.set(id, pair);
          else if (pair.open_coin_trade === 1 && this.runs(pair)) await this.claim(pair);
        })
        .catch((error: unknown) => this.deps.log({ err: error, market: id }, 'changed pair not taken'));
    });
    await subscriber.subscribe(pairsChangedChannel(subscriber, this.deps.redisPrefix));
  }

  /** Takes an operator's change of the pair; a precision change re-grids the book from Postgres. */
  private async applyChangedPair(market: Market): Promise<void> {
    const fresh = this.changedPairs.get(market.pair.id);
    if (!fresh) return;
    this.changedPairs.delete(market.pair.id);
    const regrid =
      fresh.price_decimals !== market.pair.price_decimals ||
      fresh.amount_decimals !== market.pair.amount_decimals;
    market.pair = fresh;
    if (regrid) await market.rebuild(this.deps.prisma);
    this.deps.log({ market: fresh.id, regrid }, 'matcher took a changed pair');
  }

  private async settle(market: Market, jobs: SpotCommand[]): Promise<void> {
    const started = performance.now();
    try {
      await this.applyChangedPair(market);
      const outcome = await settleBatch(this.pool, market, jobs);
      const committed = performance.now();
      orderStages.record('matcher batch', outcome.writtenAt - started, jobs.length);
      orderStages.record('settle commit', committed - outcome.writtenAt, jobs.length);
      this.stats.batches += 1;
      this.stats.commands += jobs.length;
      this.stats.settleMs += performance.now() - started;
      countBatch(symbolOf(market.pair), outcome, jobs.length, (performance.now() - started) / 1000);
      if (outcome.results.length > 0) {
        const { pair } = market;
        const batch: ResultBatch = {
          market: marketNameOf(pair),
          results: outcome.results,
          publishedAt: Date.now(),
        };
        await this.redis.publish(resultsChannel(this.redis, this.deps.redisPrefix), JSON.stringify(batch));
      }
      this.pushes?.afterCommit(market, outcome);
      const lastTraded = outcome.trades.at(-1)?.price;
      if (lastTraded) market.lastPrice = lastTraded;
    } catch (error) {
      workerMetrics.batchFailures.inc({ pair: symbolOf(market.pair) });
      // The books in memory may now be ahead of Postgres: rebuild them from it; the stream entries stay
      // unacknowledged and are read again.
      this.deps.log(
        { err: error, market: market.pair.id, jobs: jobs.length },
        'matcher batch failed, rebuilding the book',
      );
      await market.rebuild(this.deps.prisma);
      throw error;
    }
  }

  /**
   * Reads a market's command stream: first the entries this matcher was given before but never acknowledged
   * (it stopped or crashed, or their batch failed), then new ones as they come, as many at a time as have
   * gathered. An entry is acknowledged (and deleted) only after its commands are committed; one read again
   * after a crash changes nothing twice, as a placement whose order is already written is skipped.
   */
  private async readPlacements(
    matchId: number,
    batcher: MicroBatcher<SpotCommand>,
    state: { connection: Redis; stopped: boolean },
  ): Promise<void> {
    const key = placementsStream(this.deps.redisPrefix, matchId);
    const reader = state.connection;
    let cursor = '0';
    while (this.running && !state.stopped) {
      this.readerRounds.set(matchId, Date.now());
      try {
        const reply = (await reader.xreadgroup(
          'GROUP',
          PLACEMENTS_GROUP,
          PLACEMENTS_GROUP,
          'COUNT',
          PLACEMENT_READ_ENTRIES,
          'BLOCK',
          PLACEMENT_BLOCK_MS,
          'STREAMS',
          key,
          cursor,
        )) as [string, [string, string[]][]][] | null;
        const entries = reply?.[0]?.[1] ?? [];
        if (entries.length === 0) {
          // The backlog of unacknowledged entries is done: from now on, only new ones.
          cursor = '>';
          continue;
        }
        const now = Date.now();
        const commands = entries.flatMap(([id, fields]) => {
          const placed = commandsOf(fields);
          // An entry's id starts with the time Redis appended it, in ms.
          const appended = Number(id.split('-')[0]);
          orderStages.record('stream', now - appended, placed.length);
          return placed;
        });
        await Promise.all(commands.map((command) => batcher.submit(command)));
        const ids = entries.map(([id]) => id);
        // Not awaited: an acknowledgement lost to a crash only means the entry is read, harmlessly, again.
        this.redis.xack(key, PLACEMENTS_GROUP, ...ids).catch(() => undefined);
        this.redis.xdel(key, ...ids).catch(() => undefined);
      } catch (error) {
        if (!this.running || state.stopped) break;
        if (error instanceof Error && error.message.includes('NOGROUP')) {
          // First start, or Redis lost the stream: (re)create the group, reading from the beginning.
          await this.redis.xgroup('CREATE', key, PLACEMENTS_GROUP, '0', 'MKSTREAM').catch(() => undefined);
        } else {
          this.deps.log({ err: error, market: matchId }, 'placements read or batch failed, reading again');
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
        cursor = '0';
      }
    }
  }

  /** Whether every market's reader came round lately: no batch is stuck and the matcher still runs. */
  alive(now = Date.now()): boolean {
    if (!this.running) return false;
    for (const round of this.readerRounds.values()) if (now - round > READER_STALL_MS) return false;
    return true;
  }

  /**
   * Each market's placements waiting for the matcher: the entries in its stream (an entry is deleted once its
   * orders are committed) and the age of the oldest, read from its id (the time Redis appended it).
   */
  async streamLags(): Promise<{ pair: string; entries: number; lagSeconds: number }[]> {
    const markets = [...this.markets.values()];
    const read = this.redis.pipeline();
    for (const market of markets) {
      const key = placementsStream(this.deps.redisPrefix, market.pair.id);
      read.xlen(key).xrange(key, '-', '+', 'COUNT', 1);
    }
    const replies = (await read.exec()) ?? [];
    const now = Date.now();
    return markets.map((market, index) => {
      const entries = Number(replies[2 * index]?.[1] ?? 0);
      const [oldest] = (replies[2 * index + 1]?.[1] ?? []) as [string, string[]][];
      const appended = oldest ? Number(oldest[0].split('-')[0]) : now;
      return { pair: symbolOf(market.pair), entries, lagSeconds: Math.max(0, (now - appended) / 1000) };
    });
  }

  private stopped: Promise<void> | undefined;

  /** Stops once: a second call (a supervisor and a test both stopping it) waits for the first. */
  stop(): Promise<void> {
    this.stopped ??= this.shutdown();
    return this.stopped;
  }

  private async shutdown(): Promise<void> {
    this.deps.log(
      {
        ...this.stats,
        settleMs: Math.round(this.stats.settleMs),
        commandsPerBatch: Number((this.stats.commands / Math.max(1, this.stats.batches)).toFixed(1)),
        stages: orderStages.snapshot(),
      },
      'matcher stopping',
    );
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    this.pushes?.stop();
    this.running = false;
    this.pairSubscriber?.disconnect();
    const held = [...this.markets.keys()];
    await Promise.all(held.map((matchId) => this.closeMarket(matchId)));
    // Released at once, so a matcher standing by takes the markets without waiting for the leases to lapse.
    await Promise.all(
      held.map((matchId) =>
        this.redis.eval(RELEASE_LEASE, 1, this.leaseKey(matchId), this.leaseOwner).catch(() => undefined),
      ),
    );
    this.redis.disconnect();
    await this.pool.end();
  }
}

/** One committed batch in the metrics: its size and time, the verdicts on its new orders, its trades. */
function countBatch(pair: string, outcome: BatchOutcome, commands: number, seconds: number): void {
  workerMetrics.batchSize.observe({ pair }, commands);
  workerMetrics.batchDuration.observe({ pair }, seconds);
  let refused = 0;
  for (const result of outcome.results) {
    if (!result.rejectReason) continue;
    refused += 1;
    workerMetrics.orders.inc({ pair, outcome: 'refused', reason: result.rejectReason });
  }
  if (outcome.placed > refused)
    workerMetrics.orders.inc({ pair, outcome: 'accepted', reason: '' }, outcome.placed - refused);
  if (outcome.trades.length === 0) return;
  let base = 0;
  let quote = 0;
  for (const trade of outcome.trades) {
    base += trade.amount.toNumber();
    quote += trade.quote.toNumber();
  }
  workerMetrics.trades.inc({ pair }, outcome.trades.length);
  workerMetrics.baseVolume.inc({ pair }, base);
  workerMetrics.quoteVolume.inc({ pair }, quote);
}
