import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import { inTransaction, type Sql } from '@exchange/kernel/db';
import {
  applyMovements,
  bookHouse,
  LOG_TYPES,
  Money,
  roundReceived,
  type ColumnMovement,
  type HouseEntry,
  type Money as MoneyValue,
} from '@exchange/kernel/ledger';
import { ORDER_STATUS } from './options';
import { orderPriceRule, outcomeOf, priceKey, pricesAt, SETTLE_GRACE_MS, type PriceQuery } from './prices';
import { ORDER_COLUMNS, type MicroOrderRow } from './submit-order';

/** Orders settled per transaction: one ledger batch, one house entry per currency, one UPDATE. */
export const SETTLE_BATCH = 2_000;
/** Batches settled side by side (each takes disjoint orders: FOR UPDATE SKIP LOCKED). */
const SETTLE_LANES = 2;

export interface Settlement {
  result: -1 | 0 | 1;
  /**
   * What goes back to the user: stake plus profit for a win, the stake for a tie or a void order (no end
   * price), nothing for a loss.
   */
  payout: MoneyValue;
  /** The user's profit (negative: the stake lost). */
  factProfits: MoneyValue;
}

/**
 * The payout of an order with these prices; profits round down at the currency's precision. Without an end
 * price (too little traded within the lookback before expiry) the order is void: the stake comes back and
 * nothing is won or lost. The fee stays paid, as for a tie: it was booked, and shared with the user's
 * referrers, when the order was accepted.
 */
export function settlementOf(
  order: { type: number; number: string; profit_ratio: string },
  openPrice: MoneyValue,
  endPrice: MoneyValue | undefined,
  decimals: number,
): Settlement {
  const stake = new Money(order.number);
  const result = endPrice ? outcomeOf(order.type, openPrice, endPrice) : 0;
  if (result > 0) {
    const profit = roundReceived(stake.times(order.profit_ratio).div(100), decimals);
    return { result, payout: stake.plus(profit), factProfits: profit };
  }
  if (result < 0) return { result, payout: new Money(0), factProfits: stake.neg() };
  return { result, payout: stake, factProfits: new Money(0) };
}

export interface SettleOptions {
  /** Settles orders that expired at or before this instant minus the grace (default: now). */
  now?: Date;
  batchSize?: number;
  /** Called after each committed batch with the orders it finished (to push `micro_closed`). */
  onSettled?: (orders: MicroOrderRow[]) => void;
  /** Filled with where the time went (the benchmark prints it); summed over the lanes, which overlap. */
  timings?: SettleTimings;
}

/** Milliseconds per phase of settlement, summed over batches and lanes. */
export interface SettleTimings {
  batches: number;
  /** Taking the due orders (FOR UPDATE SKIP LOCKED). */
  select: number;
  /** The open and end prices from the recorded trades. */
  prices: number;
  /** Outcomes, payouts and the ledger movements, in memory. */
  compute: number;
  /** The orders' UPDATE, the wallets and their log rows, the house entries, the positions. */
  write: number;
  commit: number;
}

export const emptyTimings = (): SettleTimings => ({
  batches: 0,
  select: 0,
  prices: 0,
  compute: 0,
  write: 0,
  commit: 0,
});

/**
 * Settles every running order that is due, in batches, until none is left; returns how many it settled.
 * Safe to run anywhere and any number of times at once (the expiry job, the sweeper, a second worker): each
 * batch takes its orders with FOR UPDATE SKIP LOCKED and finishes them with a guarded UPDATE (status 1 to 3)
 * in the same transaction as their money, so an order settles exactly once.
 */
export async function settleDue(pool: pg.Pool, options: SettleOptions = {}): Promise<number> {
  const cutoff = new Date((options.now ?? new Date()).getTime() - SETTLE_GRACE_MS);
  const limit = options.batchSize ?? SETTLE_BATCH;
  const decimals = await currencyDecimals(pool);
  const timings = options.timings ?? emptyTimings();
  const scan: ScanFloor = { from: new Date(0) };
  let total = 0;
  // Every lane ends before the call does, also when one fails: a caller that sees the error sees no lane at work.
  const lanes = await Promise.allSettled(
    Array.from({ length: SETTLE_LANES }, async () => {
      for (;;) {
        const [settled, committing] = await inTransaction<[MicroOrderRow[], number]>(pool, async (tx) => [
          await settleBatch(tx, { cutoff, scan, limit, decimals, timings }),
          performance.now(),
        ]);
        timings.commit += performance.now() - committing;
        timings.batches += settled.length > 0 ? 1 : 0;
        total += settled.length;
        // Pure speed: the callback does nothing with no orders (the worker counts and pushes each). Its siblings
        // that never call it (false, `<=`) are caught by the worker's micro_closed test.
        // Stryker disable next-line ConditionalExpression,EqualityOperator: see above.
        if (settled.length > 0) options.onSettled?.(settled);
        if (settled.length < limit) return;
      }
    }),
  );
  const failed = lanes.find((lane) => lane.status === 'rejected');
  if (failed) throw failed.reason;
  return total;
}

/** Running orders whose expiry (and its grace) has passed: due, and waiting for the settler. */
export async function countDue(pool: pg.Pool, now = new Date()): Promise<number> {
  const { rows } = await pool.query<{ due: number }>(
    'SELECT count(*)::int AS due FROM micro_orders WHERE status = $1 AND expires_at <= $2',
    [ORDER_STATUS.running, new Date(now.getTime() - SETTLE_GRACE_MS).toISOString()],
  );
  // Stryker disable next-line OptionalChaining: unreachable, an aggregate answers one row.
  return rows[0]?.due ?? 0;
}

async function currencyDecimals(pool: pg.Pool): Promise<Map<number, number>> {
  const { rows } = await pool.query<{ id: number; decimal_scale: number }>(
    'SELECT id, decimal_scale FROM currencies',
  );
  return new Map(rows.map((row) => [row.id, row.decimal_scale]));
}

interface Position {
  id: number;
  balance: MoneyValue;
}

/**
 * Where a settleDue call's lanes start their next scan. Every running order below the latest expiry a batch
 * took is in that batch or locked by another batch still in flight, so the index is read from there rather
 * than from the start: the entries of orders settled earlier in the call (dead until vacuum) are not walked
 * again by every batch, which made a burst quadratic. An order freed by another process's rollback below
 * the floor waits for the next call (the sweeper's, a second later).
 */
interface ScanFloor {
  from: Date;
}

interface BatchRun {
  cutoff: Date;
  scan: ScanFloor;
  limit: number;
  decimals: Map<number, number>;
  timings: SettleTimings;
}

async function settleBatch(
  tx: Sql,
  { cutoff, scan, limit, decimals, timings }: BatchRun,
): Promise<MicroOrderRow[]> {
  let mark = performance.now();
  const lap = (phase: Exclude<keyof SettleTimings, 'batches'>) => {
    const now = performance.now();
    timings[phase] += now - mark;
    mark = now;
  };
  const orders = await tx.query<MicroOrderRow>(
    `SELECT ${ORDER_COLUMNS} FROM micro_orders o WHERE o.status = $1 AND o.expires_at >= $2 AND o.expires_at <= $3
     ORDER BY o.expires_at, o.id LIMIT $4 FOR UPDATE SKIP LOCKED`,
    [ORDER_STATUS.running, scan.from.toISOString(), cutoff.toISOString(), limit],
  );
  lap('select');
  const last = orders.at(-1);
  if (!last) return [];
  // Pure speed: the floor only ever rises, so the scan skips no due order; a floor that stays put or follows
  // the last batch down only reads more of the index.
  // Stryker disable next-line ConditionalExpression,EqualityOperator: see above.
  if (last.expires_at > scan.from) scan.from = last.expires_at;
  const prices = await pricesAt(tx, orders.flatMap(priceQueriesOf));
  const positions = await lockPositions(tx, orders);
  lap('prices');
  const movements: ColumnMovement[] = [];
  const pool = new Map<number, MoneyValue>();
  const settledAt = new Date();
  for (const order of orders) {
    const [openQuery, endQuery] = priceQueriesOf(order);
    const open = prices.get(priceKey(openQuery));
    const end = prices.get(priceKey(endQuery));
    // The open price was reliable at acceptance, and trades are only ever added; stopping beats guessing.
    // Stryker disable next-line OptionalChaining: pricesAt answers every query (tested), `?.` only satisfies types.
    if (!open?.price || !end) throw new Error(`no recorded open price for seconds order ${order.id}`);
    const outcome = settlementOf(order, open.price, end.price, decimals.get(order.currency_id) ?? 8);
    const stake = new Money(order.number);
    const ref = { type: 'micro_order', id: order.id };
    const move = (isLock: boolean, delta: MoneyValue) =>
      movements.push({
        userId: order.user_id,
        currencyId: order.currency_id,
        account: 'micro',
        isLock,
        delta,
        type: LOG_TYPES.MICRO_SETTLE,
        ref,
      });
    move(true, stake.neg());
    // No position has the id 0.
    const position = positions.get(order.insurance_id ?? 0);
    if (position) {
      // An insured order pays back into its position's balance, which stays locked (held by the position).
      move(true, outcome.payout);
      position.balance = position.balance.plus(outcome.payout);
    } else {
      move(false, outcome.payout);
    }
    pool.set(
      order.currency_id,
      (pool.get(order.currency_id) ?? new Money(0)).plus(stake.minus(outcome.payout)),
    );
    Object.assign(order, {
      open_price: open.price.toFixed(),
      end_price: end.price?.toFixed() ?? null,
      ...(order.price_window_ms === null
        ? {}
        : {
            open_notional: open.notional.toFixed(),
            open_trades: open.trades,
            end_notional: end.notional.toFixed(),
            end_trades: end.trades,
          }),
      status: ORDER_STATUS.finished,
      profit_result: outcome.result,
      fact_profits: outcome.factProfits.toFixed(),
      payout: outcome.payout.toFixed(),
      settled_at: settledAt,
    });
  }
  const house: HouseEntry[] = [...pool].map(([currencyId, amount]) => ({
    currencyId,
    account: 'micro_pool',
    amount,
    type: LOG_TYPES.MICRO_SETTLE,
    // Stryker disable next-line OptionalChaining,StringLiteral: unreachable, the batch returned above when it found no order.
    ref: { type: 'micro_settle', id: `${orders[0]?.id ?? ''}+${orders.length}` },
  }));
  lap('compute');
  const [updated] = await Promise.all([
    tx.execute(
      `UPDATE micro_orders o SET status = $1, open_price = v.open_price, end_price = v.end_price,
         profit_result = v.profit_result, fact_profits = v.fact_profits, payout = v.payout, settled_at = $2,
       open_notional = v.open_notional, open_trades = v.open_trades, end_notional = v.end_notional,
       end_trades = v.end_trades
       FROM unnest($3::bigint[], $4::numeric[], $5::numeric[], $6::int[], $7::numeric[], $8::numeric[],
         $10::numeric[], $11::int[], $12::numeric[], $13::int[])
         AS v(id, open_price, end_price, profit_result, fact_profits, payout, open_notional, open_trades,
           end_notional, end_trades)
       WHERE o.id = v.id AND o.status = $9`,
      [
        ORDER_STATUS.finished,
        settledAt.toISOString(),
        orders.map((order) => order.id),
        orders.map((order) => order.open_price),
        orders.map((order) => order.end_price),
        orders.map((order) => order.profit_result),
        orders.map((order) => order.fact_profits),
        orders.map((order) => order.payout),
        ORDER_STATUS.running,
        orders.map((order) => order.open_notional),
        orders.map((order) => order.open_trades),
        orders.map((order) => order.end_notional),
        orders.map((order) => order.end_trades),
      ],
    ),
    applyMovements(tx, movements),
    bookHouse(tx, house),
    updatePositions(tx, [...positions.values()]),
  ]);
  lap('write');
  // The rows were locked by this transaction: anything else means two settlers, and stopping beats paying twice.
  if (updated !== orders.length) throw new Error(`settled ${updated} of ${orders.length} seconds orders`);
  return orders;
}

/** The open and end price an order settles on, by the rule it was accepted under. */
export function priceQueriesOf(order: MicroOrderRow): [PriceQuery, PriceQuery] {
  const rule = orderPriceRule(order);
  return [
    { matchId: order.match_id, at: new Date(order.accepted_at), rule },
    { matchId: order.match_id, at: new Date(order.expires_at), rule },
  ];
}

/** The insurance positions of a batch's insured orders, locked in id order (before the wallets). */
async function lockPositions(tx: Sql, orders: MicroOrderRow[]): Promise<Map<number, Position>> {
  const ids = [
    // Stryker disable next-line ConditionalExpression: a null id in ANY($1) matches no row, only a longer array.
    ...new Set(orders.flatMap((order) => (order.insurance_id === null ? [] : [order.insurance_id]))),
  ];
  // Pure speed: no insured order, no statement (it would lock nothing). Its sibling `true` (never a statement)
  // leaves insured orders paying into the micro balance, which insurance.test.ts catches.
  // Stryker disable next-line ConditionalExpression: see above.
  if (ids.length === 0) return new Map();
  const rows = await tx.query<{ id: number; balance: string }>(
    'SELECT id, balance::text FROM user_insurances WHERE id = ANY($1::int[]) ORDER BY id FOR UPDATE',
    [ids],
  );
  return new Map(rows.map((row) => [row.id, { id: row.id, balance: new Money(row.balance) }]));
}

/**
 * Writes the positions' new balances; an active position whose balance has reached twice what it insured
 * (100% profit) terminates automatically, and its balance waits to be exchanged back.
 */
async function updatePositions(tx: Sql, positions: Position[]): Promise<void> {
  // Pure speed: no position, no statement (it would update nothing). Its sibling `true` (never a statement)
  // leaves the positions' balances unpaid, which insurance.test.ts catches.
  // Stryker disable next-line ConditionalExpression: see above.
  if (positions.length === 0) return;
  await tx.execute(
    `UPDATE user_insurances u SET balance = v.balance, updated_at = now(),
       status = CASE WHEN u.status = 1 AND v.balance >= 2 * u.insured_amount THEN 2 ELSE u.status END,
       end_reason = CASE WHEN u.status = 1 AND v.balance >= 2 * u.insured_amount THEN 'profit' ELSE u.end_reason END,
       terminated_at = CASE WHEN u.status = 1 AND v.balance >= 2 * u.insured_amount THEN now() ELSE u.terminated_at END
     FROM unnest($1::int[], $2::numeric[]) AS v(id, balance) WHERE u.id = v.id`,
    [positions.map((position) => position.id), positions.map((position) => position.balance.toFixed())],
  );
}
