import type pg from 'pg';
import { backendEnded, CommitOutcomeUnknown, inTransaction, type Sql } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import { lockFunds, type FundsReservation, LOG_TYPES } from '@exchange/kernel/ledger';
import type { Money } from '@exchange/kernel/ledger';
import {
  openOrderKeyOf,
  openOrderKeys,
  openOrderLimitError,
  reserveOpenOrders,
  returnOpenOrders,
} from './open-orders';
import type { Pair } from './pairs';
import type { OrderResult, OrderResults, QueuedOrder, SpotQueues } from './queue';

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
  /** What the order locks until it ends: quote for a buy, base for a sell. */
  funds: { currencyId: number; amount: Money };
}

export type PlacedOrder = QueuedOrder;

export interface Placement {
  order: PlacedOrder;
  /** The matcher's verdict, or undefined when it did not come within the wait (or nobody waits). */
  verdict: Promise<OrderResult | undefined>;
}

interface Pending {
  request: PlacementRequest;
  waitMs: number;
  resolve: (placement: Placement) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit of order placements. Requests that arrive while a commit is in flight are stored together in
 * the next one: ONE Postgres transaction checks their open-order limits, locks their funds through the
 * ledger (each order all-or-nothing on its own: one that does not fit fails alone, and of two orders that
 * each need all of a user's funds exactly one goes through) and inserts the orders that fit. Only after the
 * commit are the orders handed to the matcher, one stream entry per market for the whole batch; every
 * acknowledged order is therefore in Postgres, and one that never reaches the matcher is re-queued by its
 * sweeper. A batch that fails unexpectedly is retried order by order, so one bad order cannot fail its
 * neighbours. After a COMMIT whose answer was lost (the connection broke), the orders are looked up by their
 * ids on another connection once the old server process has ended: stored, they are answered and queued as
 * after any commit; not stored, the batch is placed again order by order. Only when Postgres cannot be asked
 * do the requests fail (orders stored after all are then found by the sweeper like any other).
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

  /** Stores the order with its funds locked, queues it, and (for `waitMs`) watches for the matcher's verdict. */
  place(request: PlacementRequest, waitMs = 0): Promise<Placement> {
    return new Promise((resolve, reject) => {
      if (this.pending.length >= this.maxPending) {
        reject(new AppError('server_busy'));
        return;
      }
      this.pending.push({ request, waitMs, resolve, reject });
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
    let outcomes: (PlacedOrder | AppError)[];
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
        const stored = await this.lookUp(error as CommitOutcomeUnknown<(PlacedOrder | AppError)[]>);
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
    this.stats.commits += 1;
    this.stats.orders += batch.length;
    this.stats.commitMs += performance.now() - started;
    const accepted: PlacedOrder[] = [];
    batch.forEach((entry, index) => {
      const outcome = outcomes[index];
      if (!outcome || outcome instanceof AppError) {
        entry.reject(outcome ?? new Error('the group commit lost an order'));
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
    error: CommitOutcomeUnknown<(PlacedOrder | AppError)[]>,
  ): Promise<(PlacedOrder | AppError)[] | 'rolled back' | 'unknown'> {
    const outcomes = error.result;
    if (!outcomes || error.backendPid === undefined) return 'unknown';
    const ids = outcomes.flatMap((outcome) => (outcome instanceof AppError ? [] : [outcome.id.toString()]));
    // Only refusals: nothing was written but counters taken back, and every request has its answer.
    if (ids.length === 0) return outcomes;
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
 * The transaction of one group commit, in two round trips on a pipelined connection: first one id per
 * request, the funds' wallet rows (locked) and the open-order counters (locked, with the batch's requests
 * added), then the writes (the ledger's reservations, the orders, and the counters of refused requests taken
 * back). The counter rows are locked after the wallets and in key order, as the matcher does, so commits
 * never deadlock on them; a second process's commit for the same user and market waits for this one. Returns, per request in order, the stored order or the error
 * that refused it (too many open orders, insufficient balance); refused requests leave no trace but a gap
 * in the ids.
 */
export async function storeOrders(
  sql: Sql,
  requests: PlacementRequest[],
): Promise<(PlacedOrder | AppError)[]> {
  // Each (user, market) once, in key order: the counter rows are locked in this order, after the wallets.
  const keys = openOrderKeys(
    requests.map((request) => ({ userId: request.userId, matchId: request.pair.id })),
  );
  // Issued in this order on one connection: ids, the wallets (locked), then the open-order counters (locked).
  const idRows = sql.query<{ id: string }>(
    "SELECT nextval('spot_orders_id_seq')::text AS id FROM generate_series(1, $1)",
    [requests.length],
  );
  const funds = lockFunds(
    sql,
    requests.map((request) => ({
      userId: request.userId,
      currencyId: request.funds.currencyId,
      account: 'change' as const,
    })),
  );
  const counts = reserveOpenOrders(sql, keys);
  const [ids, reservation, before] = await Promise.all([
    // Ids in arrival order, so the book's time priority survives a rebuild from Postgres.
    idRows.then((rows) => rows.map((row) => BigInt(row.id)).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))),
    funds,
    counts,
  ]);
  const open = new Map(before);
  const stored: { index: number; id: bigint; request: PlacementRequest }[] = [];
  const outcomes = requests.map((request, index): PlacedOrder | AppError | undefined => {
    // Orders stored earlier in this batch count too; concurrent commits wait on the counter row's lock.
    const key = openOrderKeyOf(request.userId, request.pair.id);
    const count = open.get(key) ?? 0;
    const overLimit = openOrderLimitError(count);
    if (overLimit) return overLimit;
    const id = ids[index];
    if (id === undefined) throw new Error('the group commit ran out of order ids');
    const reserved = reservation.reserve({
      userId: request.userId,
      currencyId: request.funds.currencyId,
      account: 'change',
      amount: request.funds.amount,
      type: LOG_TYPES.SPOT_ORDER_LOCK,
      ref: { type: 'spot_order', id: id.toString() },
    });
    if (!reserved) return new AppError('balance_insufficient');
    open.set(key, count + 1);
    stored.push({ index, id, request });
    return undefined;
  });
  const unused = keys.flatMap((key) => {
    const name = openOrderKeyOf(key.userId, key.matchId);
    const left = key.requests - ((open.get(name) ?? 0) - (before.get(name) ?? 0));
    return left > 0 ? [{ ...key, left }] : [];
  });
  await Promise.all([
    stored.length > 0 ? writeOrders(sql, reservation, stored, outcomes) : undefined,
    unused.length > 0 ? returnOpenOrders(sql, unused) : undefined,
  ]);
  return outcomes.map((outcome) => {
    if (!outcome) throw new Error('the group commit left an order without an outcome');
    return outcome;
  });
}

/** The writes of a group commit, sent together: the ledger's reservations and the orders they hold. */
async function writeOrders(
  sql: Sql,
  funds: FundsReservation,
  stored: { index: number; id: bigint; request: PlacementRequest }[],
  outcomes: (PlacedOrder | AppError | undefined)[],
): Promise<void> {
  const [, rows] = await Promise.all([
    funds.write(),
    sql.query<{ id: string; created_at: Date }>(
      `INSERT INTO spot_orders (id, user_id, match_id, side, kind, time_in_force, post_only, price, amount, locked, state)
       SELECT *, 'new' FROM unnest($1::bigint[], $2::int[], $3::int[], $4::int[], $5::varchar[], $6::varchar[],
         $7::boolean[], $8::numeric[], $9::numeric[], $10::numeric[])
       RETURNING id, created_at`,
      [
        stored.map(({ id }) => id.toString()),
        stored.map(({ request }) => request.userId),
        stored.map(({ request }) => request.pair.id),
        stored.map(({ request }) => request.side),
        stored.map(({ request }) => request.kind),
        stored.map(({ request }) => request.timeInForce),
        stored.map(({ request }) => request.postOnly),
        stored.map(({ request }) => request.price?.toFixed() ?? null),
        stored.map(({ request }) => request.amount.toFixed()),
        stored.map(({ request }) => request.funds.amount.toFixed()),
      ],
    ),
  ]);
  const createdAt = new Map(rows.map((row) => [row.id, row.created_at]));
  for (const { index, id, request } of stored) {
    const created = createdAt.get(id.toString());
    if (!created) throw new Error(`order ${id} was not stored`);
    outcomes[index] = { id, match_id: request.pair.id, created_at: created };
  }
}
