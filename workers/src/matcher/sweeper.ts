import type { Redis } from 'ioredis';
import type { Db } from '@exchange/kernel/db';
import { placementsOf, placementsStream, queuePlacement, type SpotQueues } from '@exchange/api/modules/spot';

/**
 * A market's placements stream up to this many entries is read whole to learn which orders are in it; a
 * longer one means the matcher lags, and only its oldest entry is read. An entry carries one group commit
 * (up to 512 ids), so a whole read stays below a few megabytes.
 */
const STREAM_SCAN_ENTRIES = 1_000;
/**
 * The longest an API process is taken to need from its commit to appending the orders to the stream (the
 * handoff waits behind earlier handoffs and fails fast when Redis is away). An order created this much before
 * the oldest entry still in the stream cannot be in it: its entry would be older, hence consumed.
 */
const HANDOFF_MARGIN_MS = 30_000;

interface StuckOrder {
  id: bigint;
  match_id: number;
  state: string;
  created_at: Date;
  updated_at: Date;
}

/** What a sweep found: orders re-queued, and `new` orders left alone because they wait in a stream. */
export interface SweepReport {
  requeued: number;
  waiting: number;
  /** Markets whose stream was too long to read whole, with its length and its oldest entry's age. */
  lagging: { matchId: number; entries: number; oldestAgeMs: number }[];
}

/**
 * Re-queues orders that were stored but never reached the matcher (Redis lost them, or the API died between
 * its commit and the stream), and cancel requests not yet carried out. A `new` order is re-queued only when
 * it is missing from its market's placements stream: an order that merely waits there behind a lagging
 * matcher is left to it, so a slow matcher is not flooded with a second copy of its whole backlog every few
 * seconds. Job ids dedupe what is still in BullMQ; a placement of an order no longer new is skipped.
 */
export class PlacementSweeper {
  constructor(
    private readonly deps: {
      prisma: Db;
      redis: Redis;
      queues: SpotQueues;
      redisPrefix: string;
      log: (fields: object, message: string) => void;
    },
    private readonly limits = { scanEntries: STREAM_SCAN_ENTRIES, handoffMarginMs: HANDOFF_MARGIN_MS },
  ) {}

  async sweep(olderThanMs: number): Promise<SweepReport> {
    const before = new Date(Date.now() - olderThanMs);
    const stuck: StuckOrder[] = await this.deps.prisma.spotOrder.findMany({
      where: {
        OR: [{ state: 'new' }, { state: 'open', cancel_requested: true }],
        updated_at: { lte: before },
      },
      select: { id: true, match_id: true, state: true, created_at: true, updated_at: true },
      orderBy: { id: 'asc' },
      take: 5_000,
    });
    const report: SweepReport = { requeued: 0, waiting: 0, lagging: [] };
    const newByMarket = new Map<number, StuckOrder[]>();
    for (const order of stuck) {
      if (order.state === 'new') {
        newByMarket.set(order.match_id, [...(newByMarket.get(order.match_id) ?? []), order]);
        continue;
      }
      await this.deps.queues.enqueue(
        order.match_id,
        { command: 'cancel', orderId: order.id.toString() },
        String(order.updated_at.getTime()),
      );
    }
    for (const [matchId, orders] of newByMarket) {
      const missing = await this.missingFromStream(matchId, orders, report);
      report.waiting += orders.length - missing.length;
      for (const order of missing) await queuePlacement(this.deps.queues, order);
      report.requeued += missing.length;
    }
    return report;
  }

  /**
   * The orders of `orders` that are not in the market's stream. Read after Postgres: an order consumed in
   * between looks missing and is queued once more, which the matcher skips; one appended late (after a slow
   * handoff) may be queued twice the same way. Neither is a flood.
   */
  private async missingFromStream(
    matchId: number,
    orders: StuckOrder[],
    report: SweepReport,
  ): Promise<StuckOrder[]> {
    const key = placementsStream(this.deps.redisPrefix, matchId);
    const entries = await this.deps.redis.xlen(key);
    if (entries === 0) return orders;
    if (entries <= this.limits.scanEntries) {
      const inStream = new Set<string>();
      // Bounded: entries appended since XLEN beyond twice the limit are simply not looked at.
      const read = await this.deps.redis.xrange(key, '-', '+', 'COUNT', this.limits.scanEntries * 2);
      for (const [, fields] of read)
        for (const command of placementsOf(fields)) inStream.add(command.orderId);
      return orders.filter((order) => !inStream.has(order.id.toString()));
    }
    // The matcher lags: its backlog is not read; only orders older than anything still queued are missing.
    const [oldest] = await this.deps.redis.xrange(key, '-', '+', 'COUNT', 1);
    if (!oldest) return orders;
    const oldestMs = Number(oldest[0].split('-')[0]);
    const lag = { matchId, entries, oldestAgeMs: Math.max(0, Date.now() - oldestMs) };
    report.lagging.push(lag);
    const missing = orders.filter(
      (order) => order.created_at.getTime() < oldestMs - this.limits.handoffMarginMs,
    );
    this.deps.log(
      { ...lag, waiting: orders.length - missing.length, requeued: missing.length },
      'matcher lags behind its placements stream: the sweeper leaves its backlog alone',
    );
    return missing;
  }
}
