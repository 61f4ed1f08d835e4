import type pg from 'pg';
import { backendEnded, CommitOutcomeUnknown, inTransaction, type Sql } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import type { Money } from '@exchange/kernel/ledger';
import type { Pair } from './pairs';
import { orderStages } from '@exchange/kernel/stage-times';
import type { OrderResult, OrderResults, SpotQueues, StoredOrder } from './queue';

/** Orders per group commit: enough to drain a burst in a few commits, small enough to keep commits short. */
const MAX_BATCH = 512;
/**
 * Placements waiting for a commit beyond which new ones are refused at once (`server_busy`): a burst larger
 * than Postgres can commit would otherwise only grow memory and every waiting request's latency.
 */
const MAX_PENDING = 20_000;

/** An order that passed every check a request can fail on its own, ready to be stored. */
export interface PlacementRequest {
  userId: number;
  pair: Pair;
  side: 1 | 2;
  kind: 'limit' | 'market';
  timeInForce: 'GTC' | 'IOC' | 'FOK';
  postOnly: boolean;
  price?: Money;
  amount: Money;
}

export type PlacedOrder = StoredOrder;

export interface Placement {
  order: PlacedOrder;
  /** The matcher's verdict, or undefined when it did not come within the wait (or nobody waits). */
  verdict: Promise<OrderResult | undefined>;
}

interface Pending {
  request: PlacementRequest;
  waitMs: number;
  /** performance.now() when it arrived: the start of the trace's 'append commit' stage. */
  arrivedAt: number;
  resolve: (placement: Placement) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit of order placements. Requests that arrive while a commit is in flight are stored together in
 * the next one: ONE statement inserts them as `new` orders, which hold nothing yet (the matcher checks and
 * locks their funds in the batch that books them, and refuses them there when the funds are not there).
 * Only after the commit are the orders handed to the matcher, one stream entry per market for the whole
 * batch; every acknowledged order is therefore in Postgres, and one that never reaches the matcher is
 * re-queued by its sweeper. A batch that fails unexpectedly is retried order by order, so one bad order
 * cannot fail its neighbours. After a COMMIT whose answer was lost (the connection broke), the orders are
 * looked up by their ids on another connection once the old server process has ended: stored, they are
 * answered and queued as after any commit; not stored, the batch is placed again order by order. Only when
 * Postgres cannot be asked do the requests fail (orders stored after all are then found by the sweeper like
 * any other).
 */
export class PlacementCommitter {
  /** Totals since start: group commits, the requests they carried, and the time they took. */
  readonly stats = { commits: 0, orders: 0, commitMs: 0 };
  private pending: Pending[] = [];
  private flushing = false;
  private handoff: Promise<void> = Promise.resolve();

  constructor(
    private readonly deps: {
      pool: pg.Pool;
      queues: SpotQueues;
      /** Where the matcher's verdicts arrive; without it nobody waits for them. */
      results?: OrderResults;
      log?: (fields: object, message: string) => void;
    },
    private readonly maxBatch = MAX_BATCH,
    private readonly maxPending = MAX_PENDING,
  ) {}

  /** Stores the order, queues it, and (for `waitMs`) watches for the matcher's verdict. */
  place(request: PlacementRequest, waitMs = 0): Promise<Placement> {
    return new Promise((resolve, reject) => {
      if (this.pending.length >= this.maxPending) {
        reject(new AppError('server_busy'));
        return;
      }
      this.pending.push({ request, waitMs, arrivedAt: performance.now(), resolve, reject });
      if (!this.flushing) {
        this.flushing = true;
        setImmediate(() => void this.drain());
      }
    });
  }

  /** Resolves once every handoff to the matcher started so far has finished (for a clean shutdown). */
  async settled(): Promise<void> {
    await this.handoff;
  }

  private async drain(): Promise<void> {
    try {
      while (this.pending.length > 0) {
        const batch = this.pending.splice(0, this.maxBatch);
        await this.commit(batch);
      }
    } finally {
      this.flushing = false;
    }
  }

  /** `lostBefore`: the batch is placed again after a commit that was lost and not committed, once only. */
  private async commit(batch: Pending[], lostBefore = false): Promise<void> {
    let outcomes: PlacedOrder[];
    const started = performance.now();
    try {
      outcomes = await inTransaction(this.deps.pool, (sql) =>
        storeOrders(
          sql,
          batch.map((entry) => entry.request),
        ),
      );
    } catch (error) {
      if (error instanceof CommitOutcomeUnknown) {
        const stored = await this.lookUp(error as CommitOutcomeUnknown<PlacedOrder[]>);
        if (stored === 'unknown') {
          // Postgres could not be asked: the requests fail, and orders that exist after all are swept.
          for (const entry of batch) entry.reject(error);
          return;
        }
        if (stored === 'rolled back') {
          // Nothing of the batch is stored, so placing it again cannot store an order twice.
          this.deps.log?.({ err: error, orders: batch.length }, 'commit lost, not committed: placing again');
          // Once only: a second loss in a row answers the error, true now: the order does not exist.
          if (lostBefore) for (const entry of batch) entry.reject(error);
          else for (const entry of batch) await this.commit([entry], true);
          return;
        }
        this.deps.log?.({ err: error, orders: batch.length }, 'commit answer lost, the orders are stored');
        outcomes = stored;
      } else if (batch.length === 1) {
        // Alone, the failure is this order's own.
        batch[0]?.reject(error);
        return;
      } else {
        this.deps.log?.(
          { err: error, orders: batch.length },
          'group commit failed, placing its orders one by one',
        );
        for (const entry of batch) await this.commit([entry]);
        return;
      }
    }
    const committed = performance.now();
    this.stats.commits += 1;
    this.stats.orders += batch.length;
    this.stats.commitMs += committed - started;
    for (const entry of batch) orderStages.record('append commit', committed - entry.arrivedAt);
    const accepted: PlacedOrder[] = [];
    batch.forEach((entry, index) => {
      const outcome = outcomes[index];
      if (!outcome) {
        entry.reject(new Error('the group commit lost an order'));
        return;
      }
      accepted.push(outcome);
      const watched =
        entry.waitMs > 0 && this.deps.results
          ? this.deps.results.watch(outcome.id.toString(), entry.waitMs)
          : Promise.resolve(undefined);
      entry.resolve({ order: outcome, verdict: watched });
    });
    // Handoffs run one after another (so a market's batches queue in commit order) while the next commit
    // proceeds; a failed one leaves the orders stored and `new`, for the sweeper.
    this.handoff = this.handoff.then(() => this.queue(accepted));
  }

  /**
   * After a COMMIT whose answer was lost: waits on another connection until the server process that ran it
   * has ended (then the transaction is settled for good), and looks the batch's orders up by the ids the
   * transaction gave them. A group commit is one transaction, so its orders are all there or none is.
   */
  private async lookUp(
    error: CommitOutcomeUnknown<PlacedOrder[]>,
  ): Promise<PlacedOrder[] | 'rolled back' | 'unknown'> {
    const outcomes = error.result;
    if (!outcomes || error.backendPid === undefined) return 'unknown';
    const ids = outcomes.map((outcome) => outcome.id.toString());
    try {
      if (!(await backendEnded(this.deps.pool, error.backendPid))) return 'unknown';
      const { rows } = await this.deps.pool.query<{ found: number }>(
        'SELECT count(*)::int AS found FROM spot_orders WHERE id = ANY($1::bigint[])',
        [ids],
      );
      const found = rows[0]?.found ?? 0;
      if (found === ids.length) return outcomes;
      if (found === 0) return 'rolled back';
      // Part of one transaction cannot be stored; should it ever look so, the sweeper and audit decide.
      this.deps.log?.({ ids, found }, 'a lost commit left part of its orders: answering unknown');
      return 'unknown';
    } catch (lookupError) {
      this.deps.log?.({ err: lookupError }, 'could not look up the orders of a lost commit');
      return 'unknown';
    }
  }

  private async queue(orders: PlacedOrder[]): Promise<void> {
    const byMarket = new Map<number, PlacedOrder[]>();
    for (const order of orders)
      byMarket.set(order.match_id, [...(byMarket.get(order.match_id) ?? []), order]);
    await Promise.all(
      [...byMarket].map(async ([matchId, marketOrders]) => {
        try {
          await this.deps.queues.enqueuePlacements(matchId, marketOrders);
        } catch (error) {
          this.deps.log?.({ err: error, market: matchId }, 'could not queue orders, the sweeper will');
          this.deps.results?.release(marketOrders.map((order) => order.id.toString()));
        }
      }),
    );
  }
}

/**
 * The statement of one group commit: the orders inserted as `new`, in arrival order, so that their ids (taken
 * in that order) keep the book's time priority through a rebuild from Postgres. Returns the stored orders in
 * the order of the requests.
 */
export async function storeOrders(sql: Sql, requests: PlacementRequest[]): Promise<PlacedOrder[]> {
  const rows = await sql.query<{ id: string; created_at: Date }>(
    `INSERT INTO spot_orders (user_id, match_id, side, kind, time_in_force, post_only, price, amount, state)
     SELECT user_id, match_id, side, kind, time_in_force, post_only, price, amount, 'new'
     FROM unnest($1::int[], $2::int[], $3::int[], $4::varchar[], $5::varchar[], $6::boolean[], $7::numeric[],
       $8::numeric[]) WITH ORDINALITY
       AS v(user_id, match_id, side, kind, time_in_force, post_only, price, amount, arrival)
     ORDER BY arrival
     RETURNING id::text, created_at`,
    [
      requests.map((request) => request.userId),
      requests.map((request) => request.pair.id),
      requests.map((request) => request.side),
      requests.map((request) => request.kind),
      requests.map((request) => request.timeInForce),
      requests.map((request) => request.postOnly),
      requests.map((request) => request.price?.toFixed() ?? null),
      requests.map((request) => request.amount.toFixed()),
    ],
  );
  if (rows.length !== requests.length)
    throw new Error('the group commit stored a different number of orders');
  // The ids were drawn in arrival order; the order RETURNING lists the rows in is not promised.
  const stored = rows
    .map((row) => ({ id: BigInt(row.id), createdAt: row.created_at }))
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return requests.map((request, index) => {
    const row = stored[index] as { id: bigint; createdAt: Date };
    return { id: row.id, match_id: request.pair.id, user_id: request.userId, created_at: row.createdAt };
  });
}
