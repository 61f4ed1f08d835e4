import type { DoneReason, EngineEvent, PlaceCommand, TradeEvent } from '@exchange/engine';
import type pg from 'pg';
import { inTransaction, Issued, type Sql } from '@exchange/kernel/db';
import {
  applyScaledBatchMovements,
  bookScaledHouse,
  formatScaled,
  LOG_TYPES,
  Money,
  parseScaled,
  readScaledAvailable,
  SCALED_ONE,
  type Scaled,
  type ScaledHouseEntry,
  type ScaledMovement,
  walletKey,
} from '@exchange/kernel/ledger';
import { recordCandles, type CandleRow, type CandleTrade } from './candles';
import { tradeFees } from './fees';
import { engineSide, type LiveOrder, type Market } from './live-market';
import { openOrderLimitError } from './open-orders';
import { fillOf, scaledToLots, scaledToTickLots, scaledToTicks } from './pairs';
import type { OrderResult, OrderTicket, SpotCommand } from './queue';

/** A trade of a settled batch: what it adds to its candles, and who took whom. */
export interface SettledTrade extends CandleTrade {
  sequence: number;
  /** The trade's row id, known once the batch is written. */
  id?: string;
  takerSide: 1 | 2;
  takerUserId: number;
  makerUserId: number;
}

export interface BatchOutcome {
  results: OrderResult[];
  /** New orders the batch booked or refused (their refusals are the results with a rejectReason). */
  placed: number;
  /** The book's version after this batch (unchanged when the batch changed no order). */
  bookVersion: number;
  trades: SettledTrade[];
  candles: CandleRow[];
  changedUsers: Set<number>;
  /** When (performance.now()) the batch's writes and COMMIT were sent: the trace's stage edge. */
  writtenAt: number;
}

const FINISHED_BY: Record<DoneReason, string> = {
  filled: 'filled',
  cancelled: 'cancelled',
  expired: 'expired',
  'self-trade': 'expired',
};

/** What Postgres already holds of an order a command names (see settleBatch). */
interface WrittenOrder {
  id: string;
  user_id: number;
  state: string;
  filled: string;
  reject_reason: string;
}

/**
 * Applies one batch of commands to a market and writes everything it caused (orders, trades, balance
 * movements, fees, candles) in ONE transaction. A placement carries the whole order (the API wrote nothing):
 * it is checked here, by the market's one writer (the open-order limit against the orders resting in memory,
 * the funds against what its owner has available, read at the start, less what this batch already took), then
 * matched, and the order is INSERTED once, in the state the batch leaves it in. Balances are read without a
 * lock and written by the ledger's batch writer, whose guard is the wallets' CHECK constraint: should another
 * writer (a withdrawal, a transfer) have taken the funds meanwhile, Postgres fails the whole batch, which is
 * decided again on a fresh read. Commands are idempotent against Postgres: a placement whose order is already
 * written (its stream entry read again after a crash, or refused as `not_placed` by a request that stopped
 * waiting) changes nothing and answers what is written; a cancel for an order not resting changes nothing
 * either. Should the request's refusal land between this read and the commit, the order's primary key fails
 * the batch, which is then decided again and skips it.
 */
export async function settleBatch(
  pool: pg.Pool,
  market: Market,
  commands: SpotCommand[],
): Promise<BatchOutcome> {
  return inTransaction(pool, async (tx) => {
    const ids = [...new Set(commands.map((command) => command.orderId))];
    const owners = new Set(
      commands.flatMap((command) => (command.command === 'place' ? [command.ticket.userId] : [])),
    );
    const [rows, funds] = await Promise.all([
      tx.query<WrittenOrder>(
        'SELECT id::text, user_id, state, filled::text, reject_reason FROM spot_orders WHERE id = ANY($1::bigint[])',
        [ids],
      ),
      // In the same round trip: the balances of the orders' owners.
      readFunds(tx, market, [...owners]),
    ]);
    const written = new Map(rows.map((row) => [row.id, row]));
    const batch = new BatchState(market, new BatchFunds(funds));
    for (const command of commands) {
      const stored = written.get(command.orderId);
      if (command.command === 'place') {
        if (stored) batch.report(stored);
        else if (command.ticket.matchId === market.pair.id && !batch.orders.has(command.orderId))
          batch.place(ticketOrder(command.ticket));
        continue;
      }
      const resting = market.resting.get(command.orderId);
      if (resting?.userId === command.ownerId)
        batch.handle(market.book.apply({ type: 'cancel', orderId: Number(command.orderId) }));
      else if (stored?.user_id === command.ownerId) batch.report(stored);
    }
    // Every write is issued at once and COMMIT goes with them: the batch's second and last round trip.
    const writtenAt = performance.now();
    return new Issued(batch.write(tx).then((candles) => ({ ...batch.outcome(candles), writtenAt })));
  });
}

/** A placement's order as the matcher books it: nothing filled, nothing locked yet. */
export function ticketOrder(ticket: OrderTicket): LiveOrder {
  return {
    id: ticket.id,
    userId: ticket.userId,
    side: ticket.side,
    kind: ticket.kind,
    price: ticket.price === null ? null : parseScaled(ticket.price),
    amount: parseScaled(ticket.amount),
    filled: 0n,
    quoteFilled: 0n,
    locked: 0n,
    fee: 0n,
    // Stryker disable next-line StringLiteral: never written: the engine answers every placement with its rest, its end or its refusal, each of which sets the state.
    state: 'new',
    timeInForce: ticket.timeInForce,
    postOnly: ticket.postOnly,
    arrival: 0,
    createdAt: new Date(ticket.createdAt),
  };
}

/** What these owners have available in both currencies of the market (absent wallets: nothing), scaled. */
async function readFunds(tx: Sql, market: Market, owners: number[]): Promise<Map<string, Scaled>> {
  const keys = owners.flatMap((userId) =>
    [market.pair.legal_id, market.pair.currency_id].map((currencyId) => ({ userId, currencyId })),
  );
  const available = await readScaledAvailable(tx, 'change', keys);
  return new Map(
    keys.map((key) => {
      const name = walletKey(key.userId, key.currencyId);
      return [name, available.get(name) ?? 0n];
    }),
  );
}

/**
 * The money side of a batch: what the new orders' owners have available as the batch goes (every movement
 * of theirs applied as it happens, so a fill can fund their next order in the same batch), and each order's
 * movements netted per balance column. An order filled in the batch that placed it thus writes no lock and
 * release, only what it paid and received: one log row per order per currency and column, not one per fill.
 * An order that traded in the batch logs all of its rows there as a trade; any other order's rows are its
 * lock or its release (locked and released in one batch, an order nets to nothing and logs nothing).
 * Amounts are scaled bigints (ledger/scaled.ts), and so is what it hands the ledger.
 */
export class BatchFunds {
  private readonly net = new Map<string, { orderId: string; movement: ScaledMovement }>();
  /** Orders that traded in this batch. */
  private readonly traded = new Set<string>();

  constructor(private readonly available: Map<string, Scaled>) {}

  /** Moves `amount` of the order owner's available funds to locked, if they cover it. */
  lock(order: LiveOrder, currencyId: number, amount: Scaled): boolean {
    // Every owner of a new order has both currencies read (0 for a wallet not opened yet).
    const left = this.available.get(walletKey(order.userId, currencyId)) ?? 0n;
    if (left < amount) return false;
    this.move(order, currencyId, false, -amount, LOG_TYPES.SPOT_ORDER_LOCK);
    this.move(order, currencyId, true, amount, LOG_TYPES.SPOT_ORDER_LOCK);
    return true;
  }

  move(order: LiveOrder, currencyId: number, isLock: boolean, delta: Scaled, type: SpotLogType): void {
    const wallet = walletKey(order.userId, currencyId);
    const left = isLock ? undefined : this.available.get(wallet);
    if (left !== undefined) this.available.set(wallet, left + delta);
    if (type === LOG_TYPES.SPOT_TRADE) this.traded.add(order.id);
    const key = `${order.id}:${currencyId}:${isLock}`;
    const entry = this.net.get(key);
    if (entry) entry.movement.delta += delta;
    else
      this.net.set(key, {
        orderId: order.id,
        movement: {
          userId: order.userId,
          currencyId,
          account: 'change',
          isLock,
          delta,
          type,
          ref: { type: 'spot_order', id: order.id },
        },
      });
  }

  /**
   * The netted movements, credits first: every log row's balance_after then stays at or above what the
   * column ends at, never below zero on the way.
   */
  movements(): ScaledMovement[] {
    const entries = [...this.net.values()];
    // Stryker disable next-line ConditionalExpression,EqualityOperator,MethodExpression: the ledger's batch writer skips zero deltas too (kept here so the list is what moves); keeping none, or only the zeros, fails the tests (checked by hand).
    const moving = entries.filter(({ movement }) => movement.delta !== 0n);
    const typed = moving.map(({ orderId, movement }) =>
      this.traded.has(orderId) ? { ...movement, type: LOG_TYPES.SPOT_TRADE } : movement,
    );
    // Stryker disable next-line EqualityOperator: no delta is zero here (filtered above), so > 0n and >= 0n agree.
    return typed.sort((a, b) => Number(b.delta > 0n) - Number(a.delta > 0n));
  }
}

/** The log types of the batch's own movements. */
type SpotLogType =
  typeof LOG_TYPES.SPOT_ORDER_LOCK | typeof LOG_TYPES.SPOT_TRADE | typeof LOG_TYPES.SPOT_ORDER_RELEASE;

/** The engine's command for a new order (nothing of it filled yet). */
function placeCommand(market: Market, order: LiveOrder): PlaceCommand {
  // Stryker disable next-line ConditionalExpression,LogicalOperator: the engine reads a budget only on a market buy (budgetOf), so handing one to other orders too changes nothing; handing none (false) fails the market-buy tests.
  const isMarketBuy = order.kind === 'market' && order.side === 1;
  return {
    type: 'place',
    orderId: Number(order.id),
    ownerId: order.userId,
    side: engineSide(order.side),
    kind: order.kind === 'market' ? 'market' : 'limit',
    ...(order.price === null ? {} : { priceTicks: scaledToTicks(market.pair, order.price) }),
    quantityLots: scaledToLots(market.pair, order.amount),
    ...(isMarketBuy ? { maxQuoteTicksLots: scaledToTickLots(market.pair, order.locked) } : {}),
    timeInForce: order.timeInForce,
    postOnly: order.postOnly,
    selfTrade: 'cancel-taker',
  };
}

/** A trade of the batch, with its money as the decimal strings it is written with. */
export interface BookedTrade extends SettledTrade {
  takerOrderId: string;
  makerOrderId: string;
  written: { price: string; amount: string; quote: string; buyerFee: string; sellerFee: string };
}

/**
 * One batch in memory: the orders it books and changes, their trades and fees, and (in `funds`) the balance
 * movements, all in scaled integers; `write` turns them into statements.
 */
export class BatchState {
  /** Every order the batch booked or changed, in the order it first touched them. */
  readonly orders = new Map<string, LiveOrder>();
  private readonly house: ScaledHouseEntry[] = [];
  readonly trades: BookedTrade[] = [];
  private readonly rejectReasons = new Map<string, string>();
  private readonly now = new Date();

  constructor(
    private readonly market: Market,
    readonly funds: BatchFunds,
  ) {}

  /** New orders this batch booked or refused: they are inserted, in the state the batch leaves them in. */
  private readonly inserted = new Set<string>();
  /** Verdicts on commands whose orders Postgres already holds as they are (nothing of them changes). */
  private readonly reported: WrittenOrder[] = [];

  get placed(): number {
    return this.inserted.size;
  }

  /** Books a new order: refused (with the reason) or its funds locked and matched. */
  place(order: LiveOrder): void {
    this.orders.set(order.id, order);
    this.inserted.add(order.id);
    order.arrival = this.market.nextArrival();
    const refusal = this.lockFunds(order);
    if (refusal) {
      this.rejectReasons.set(order.id, refusal);
      this.finish(order, 'rejected');
      return;
    }
    this.handle(this.market.book.apply(placeCommand(this.market, order)));
  }

  /** Answers a command with the order as Postgres holds it. */
  report(order: WrittenOrder): void {
    this.reported.push(order);
  }

  /** Locks what the order may pay (quote for a buy, base for a sell); the reason it cannot, if so. */
  private lockFunds(order: LiveOrder): string | undefined {
    if (openOrderLimitError(this.market.openOrdersOf(order.userId))) return 'too_many_open_orders';
    const { pair } = this.market;
    const isBuy = order.side === 1;
    // A new order: nothing of it is filled. price × amount is exact on the pair's grid (see gridOf); off it,
    // the engine refuses the order anyway.
    const amount = !isBuy
      ? order.amount
      : order.price !== null
        ? (order.price * order.amount) / SCALED_ONE
        : this.market.marketBuyBudget(order.amount);
    if (amount === undefined) return 'no_market_price';
    if (!this.funds.lock(order, isBuy ? pair.legal_id : pair.currency_id, amount))
      return 'balance_insufficient';
    order.locked = amount;
    return undefined;
  }

  private orderOf(id: number): LiveOrder {
    const key = String(id);
    const order = this.orders.get(key) ?? this.market.resting.get(key);
    if (!order) throw new Error(`the matcher lost track of order ${key}`);
    this.orders.set(key, order);
    return order;
  }

  handle(events: EngineEvent[]): void {
    for (const event of events) {
      // 'accepted' and 'depth' change nothing the batch writes.
      switch (event.type) {
        case 'trade':
          this.trade(event);
          break;
        case 'rested': {
          const order = this.orderOf(event.orderId);
          order.state = 'open';
          this.market.rest(order);
          break;
        }
        case 'done':
          this.finish(this.orderOf(event.orderId), FINISHED_BY[event.reason]);
          break;
        case 'rejected': {
          const order = this.orderOf(event.orderId);
          this.rejectReasons.set(order.id, event.reason);
          this.finish(order, 'rejected');
          break;
        }
      }
    }
  }

  /** Ends an order: whatever it still holds goes back to the owner's available balance. */
  finish(order: LiveOrder, state: string): void {
    order.state = state;
    this.market.unrest(order);
    // Stryker disable next-line ConditionalExpression,EqualityOperator: pure speed: releasing a lock of 0 moves nothing (zero movements are dropped); never releasing, or only below 0, fails the tests (checked by hand).
    if (order.locked > 0n) {
      const currencyId = order.side === 1 ? this.market.pair.legal_id : this.market.pair.currency_id;
      this.funds.move(order, currencyId, true, -order.locked, LOG_TYPES.SPOT_ORDER_RELEASE);
      this.funds.move(order, currencyId, false, order.locked, LOG_TYPES.SPOT_ORDER_RELEASE);
      order.locked = 0n;
    }
  }

  /** A fill: the buyer pays quote from its lock and receives base less its fee; the seller the reverse. */
  private trade(event: TradeEvent): void {
    const { pair } = this.market;
    const taker = this.orderOf(event.takerOrderId);
    const maker = this.orderOf(event.makerOrderId);
    const [buyer, seller] = taker.side === 1 ? [taker, maker] : [maker, taker];
    const { price, amount, quote } = fillOf(pair, event.priceTicks, event.quantityLots);
    const { buyerFee, sellerFee } = tradeFees(pair, { amount, quote, buyerIsTaker: buyer === taker });
    const ref = { type: 'spot_trade', id: `${pair.id}:${event.sequence}` };
    const traded = LOG_TYPES.SPOT_TRADE;
    this.funds.move(buyer, pair.legal_id, true, -quote, traded);
    this.funds.move(buyer, pair.currency_id, false, amount - buyerFee, traded);
    this.funds.move(seller, pair.currency_id, true, -amount, traded);
    this.funds.move(seller, pair.legal_id, false, quote - sellerFee, traded);
    const written = {
      price: formatScaled(price),
      amount: formatScaled(amount),
      quote: formatScaled(quote),
      buyerFee: formatScaled(buyerFee),
      sellerFee: formatScaled(sellerFee),
    };
    this.house.push(
      { currencyId: pair.currency_id, account: 'fees', amount: buyerFee, type: LOG_TYPES.SPOT_FEE, ref },
      { currencyId: pair.legal_id, account: 'fees', amount: sellerFee, type: LOG_TYPES.SPOT_FEE, ref },
    );
    buyer.locked -= quote;
    seller.locked -= amount;
    buyer.fee += buyerFee;
    seller.fee += sellerFee;
    for (const order of [buyer, seller]) {
      order.filled += amount;
      order.quoteFilled += quote;
    }
    if (buyer.locked < 0n || seller.locked < 0n) {
      throw new Error(
        `order locks went negative in trade ${event.sequence}: a fill exceeded what the order held`,
      );
    }
    this.trades.push({
      sequence: event.sequence,
      // The candles and pushes take decimals.
      price: new Money(written.price),
      amount: new Money(written.amount),
      quote: new Money(written.quote),
      takerSide: taker.side,
      takerUserId: taker.userId,
      makerUserId: maker.userId,
      takerOrderId: taker.id,
      makerOrderId: maker.id,
      written,
      time: this.now,
    });
  }

  /**
   * Writes the batch. The statements do not depend on each other's answers, so they are all issued before
   * this returns (settleBatch sends COMMIT right behind them): trades, orders, the ledger's balance update
   * with its log rows (netted per order, see BatchFunds), house entries, candles and the book's version.
   */
  async write(tx: Sql): Promise<CandleRow[]> {
    const { pair } = this.market;
    const changed = [...this.orders.values()];
    const inserted = changed.filter((order) => this.inserted.has(order.id));
    // Stryker disable next-line MethodExpression: updating the inserted orders too (all of them) writes what they were just inserted with, after the insert (one connection): only slower.
    const updated = changed.filter((order) => !this.inserted.has(order.id));
    const [tradeIds, , , , , candles, version] = await Promise.all([
      insertTrades(tx, pair.id, this.trades),
      insertOrders(tx, pair.id, inserted, this.rejectReasons),
      updateOrders(tx, updated),
      applyScaledBatchMovements(tx, this.funds.movements()),
      bookScaledHouse(tx, this.house),
      recordCandles(tx, pair.id, this.trades),
      changed.length === 0 ? Promise.resolve(undefined) : bumpBookVersion(tx, pair.id),
    ]);
    const idOf = new Map(tradeIds.map((row) => [Number(row.sequence), row.id]));
    for (const trade of this.trades) trade.id = idOf.get(trade.sequence);
    // Like the resting orders, ahead of the commit: a failed commit rebuilds the market from Postgres.
    if (version !== undefined) this.market.bookVersion = version;
    return candles;
  }

  outcome(candles: CandleRow[]): Omit<BatchOutcome, 'writtenAt'> {
    const changedUsers = new Set<number>();
    const reported = this.reported.map((order) => ({
      orderId: order.id,
      userId: order.user_id,
      matchId: this.market.pair.id,
      state: order.state,
      // Postgres's text of a NUMERIC(36,18) (trailing zeros); answered as a booked order's would be.
      filled: formatScaled(parseScaled(order.filled)),
      rejectReason: order.reject_reason,
    }));
    const booked = [...this.orders].map(([id, order]) => {
      changedUsers.add(order.userId);
      return {
        orderId: id,
        userId: order.userId,
        matchId: this.market.pair.id,
        state: order.state,
        filled: formatScaled(order.filled),
        rejectReason: this.rejectReasons.get(id) ?? '',
      };
    });
    return {
      results: [...booked, ...reported],
      placed: this.placed,
      bookVersion: this.market.bookVersion,
      trades: this.trades,
      candles,
      changedUsers,
    };
  }
}

/** The batch's trades; their ids by sequence. */
async function insertTrades(tx: Sql, matchId: number, trades: BookedTrade[]) {
  // Stryker disable next-line ConditionalExpression,ArrayDeclaration: pure speed: an insert of no trades inserts nothing and returns no rows; never inserting fails the tests (checked by hand).
  if (trades.length === 0) return [];
  return tx.query<{ id: string; sequence: string }>(
    `INSERT INTO spot_trades (match_id, sequence, price, amount, quote_amount, taker_order_id, maker_order_id, taker_user_id, maker_user_id, taker_side, buyer_fee, seller_fee, created_at)
     SELECT $1, * FROM unnest($2::bigint[], $3::numeric[], $4::numeric[], $5::numeric[], $6::bigint[], $7::bigint[], $8::int[], $9::int[], $10::int[], $11::numeric[], $12::numeric[], $13::timestamptz[])
     RETURNING id::text, sequence::text`,
    [
      matchId,
      trades.map((trade) => trade.sequence),
      trades.map((trade) => trade.written.price),
      trades.map((trade) => trade.written.amount),
      trades.map((trade) => trade.written.quote),
      trades.map((trade) => trade.takerOrderId),
      trades.map((trade) => trade.makerOrderId),
      trades.map((trade) => trade.takerUserId),
      trades.map((trade) => trade.makerUserId),
      trades.map((trade) => trade.takerSide),
      trades.map((trade) => trade.written.buyerFee),
      trades.map((trade) => trade.written.sellerFee),
      trades.map((trade) => trade.time.toISOString()),
    ],
  );
}

/** The batch's new orders, each written once, in the state the batch leaves it in. */
function insertOrders(tx: Sql, matchId: number, orders: LiveOrder[], rejectReasons: Map<string, string>) {
  // Stryker disable next-line ConditionalExpression: pure speed: an insert of no orders inserts nothing; never inserting fails the tests (checked by hand).
  if (orders.length === 0) return Promise.resolve(0);
  return tx.execute(
    `INSERT INTO spot_orders (id, match_id, user_id, side, kind, time_in_force, post_only, price, amount, filled,
       quote_filled, locked, fee, state, reject_reason, arrival, created_at)
     SELECT v.id, $1, v.user_id, v.side, v.kind, v.time_in_force, v.post_only, v.price, v.amount, v.filled,
       v.quote_filled, v.locked, v.fee, v.state, v.reject_reason, v.arrival, to_timestamp(v.created_ms / 1000)
     FROM unnest($2::bigint[], $3::int[], $4::int[], $5::varchar[], $6::varchar[], $7::boolean[], $8::numeric[],
       $9::numeric[], $10::numeric[], $11::numeric[], $12::numeric[], $13::numeric[], $14::varchar[],
       $15::varchar[], $16::bigint[], $17::double precision[])
       AS v(id, user_id, side, kind, time_in_force, post_only, price, amount, filled, quote_filled, locked, fee,
         state, reject_reason, arrival, created_ms)`,
    [
      matchId,
      orders.map((order) => order.id),
      orders.map((order) => order.userId),
      orders.map((order) => order.side),
      orders.map((order) => order.kind),
      orders.map((order) => order.timeInForce),
      orders.map((order) => order.postOnly),
      orders.map((order) => (order.price === null ? null : formatScaled(order.price))),
      orders.map((order) => formatScaled(order.amount)),
      orders.map((order) => formatScaled(order.filled)),
      orders.map((order) => formatScaled(order.quoteFilled)),
      orders.map((order) => formatScaled(order.locked)),
      orders.map((order) => formatScaled(order.fee)),
      orders.map((order) => order.state),
      orders.map((order) => rejectReasons.get(order.id) ?? ''),
      orders.map((order) => order.arrival),
      orders.map((order) => order.createdAt.getTime()),
    ],
  );
}

/** What the batch changed of orders written by earlier batches (fills, cancels). */
function updateOrders(tx: Sql, orders: LiveOrder[]) {
  // Stryker disable next-line ConditionalExpression: pure speed: an update of no orders updates nothing; never updating fails the tests (checked by hand).
  if (orders.length === 0) return Promise.resolve(0);
  return tx.execute(
    `UPDATE spot_orders o SET state = v.state, filled = v.filled, quote_filled = v.quote_filled, locked = v.locked,
       fee = v.fee, updated_at = now()
     FROM unnest($1::bigint[], $2::varchar[], $3::numeric[], $4::numeric[], $5::numeric[], $6::numeric[])
       AS v(id, state, filled, quote_filled, locked, fee)
     WHERE o.id = v.id`,
    [
      orders.map((order) => order.id),
      orders.map((order) => order.state),
      orders.map((order) => formatScaled(order.filled)),
      orders.map((order) => formatScaled(order.quoteFilled)),
      orders.map((order) => formatScaled(order.locked)),
      orders.map((order) => formatScaled(order.fee)),
    ],
  );
}

/** Counts one more change of the book, in the batch's transaction; the new version. */
async function bumpBookVersion(tx: Sql, matchId: number): Promise<number> {
  const [row] = await tx.query<{ version: string }>(
    `INSERT INTO spot_book_versions (match_id, version) VALUES ($1, 1)
     ON CONFLICT (match_id) DO UPDATE SET version = spot_book_versions.version + 1 RETURNING version::text`,
    [matchId],
  );
  // Stryker disable next-line OptionalChaining: an upsert with RETURNING always answers its one row.
  return Number(row?.version);
}
