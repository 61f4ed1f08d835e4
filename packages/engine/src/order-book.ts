import { BookSide } from './book-side';
import { OrderIndex } from './order-index';
import { type PriceLevel, RestingOrder } from './price-level';
import type {
  BookDepth,
  CancelCommand,
  Command,
  DoneReason,
  EngineEvent,
  OpenOrder,
  OrderBookOptions,
  PlaceCommand,
  RejectReason,
  Side,
} from './types';
import { isPositiveSafeInteger, isSide, isValidPlaceCommand } from './validate';

/** What is left of a taker once it has taken all the liquidity it may. */
interface TakeResult {
  remainingLots: number;
  stoppedBySelfTrade: boolean;
}

/**
 * The price-time priority book of one market. Pure and deterministic: no clock, no randomness, no I/O; the
 * same commands in the same order always produce the same events, which is what lets the matcher rebuild it
 * from Postgres and lets the reference book check it.
 */
export class OrderBook {
  private readonly bids = new BookSide('buy');
  private readonly asks = new BookSide('sell');
  private readonly ordersById = new OrderIndex<RestingOrder>();
  private nextTradeSequence: number;
  /** Numbers the commands, so a level changed several times by one command reports its depth once. */
  private commandNumber = 0;
  /** The levels the current command changed: the first `changedLevelCount` entries (the array is reused). */
  // Stryker disable next-line ArrayDeclaration: its first contents are never read, each entry is set before.
  private readonly changedLevels: PriceLevel[] = [];
  private changedLevelCount = 0;

  constructor(options: OrderBookOptions = {}) {
    const firstTradeSequence = options.firstTradeSequence ?? 1;
    // Trades are numbered from 1 (the matcher continues after the last persisted one): anything else is a bug.
    if (!isPositiveSafeInteger(firstTradeSequence)) {
      throw new RangeError(
        `firstTradeSequence must be a positive safe integer, got ${String(firstTradeSequence)}`,
      );
    }
    this.nextTradeSequence = firstTradeSequence;
  }

  apply(command: Command): EngineEvent[] {
    // Stryker disable next-line AssignmentOperator: counting down numbers the commands apart just as well (a level's mark starts at 0, which no command then has).
    this.commandNumber += 1;
    if (command.type === 'place') return this.place(command);
    if (command.type === 'cancel') return this.cancel(command);
    return [rejected((command as { orderId: number }).orderId, 'invalid')];
  }

  /**
   * Puts back an order persisted by an earlier run, behind the orders already at its price. Called at start
   * with the open orders in their original time order; emits nothing. Data that no correct run could have
   * written (a duplicate id, a crossed book) throws: stopping beats trading on a corrupt book.
   */
  restore(order: OpenOrder): void {
    const { orderId, ownerId, side, priceTicks, remainingLots } = order;
    const valid =
      isPositiveSafeInteger(orderId) &&
      isPositiveSafeInteger(ownerId) &&
      isSide(side) &&
      isPositiveSafeInteger(priceTicks) &&
      isPositiveSafeInteger(remainingLots);
    if (!valid) throw new Error(`cannot restore invalid order ${JSON.stringify(order)}`);
    if (this.ordersById.has(orderId)) throw new Error(`cannot restore order ${orderId} twice`);
    if (this.crossesOpposite(side, priceTicks)) {
      throw new Error(`restoring order ${orderId} would cross the book`);
    }
    if (this.wouldOverflowLevel(side, priceTicks, remainingLots)) {
      throw new Error(`restoring order ${orderId} would overflow its level's total`);
    }
    this.rest(orderId, ownerId, side, priceTicks, remainingLots);
  }

  bestBid(): number | undefined {
    return this.bids.best()?.priceTicks;
  }

  bestAsk(): number | undefined {
    return this.asks.best()?.priceTicks;
  }

  /** The best `levels` levels of each side, best first. */
  depth(levels: number): BookDepth {
    return { bids: topLevels(this.bids, levels), asks: topLevels(this.asks, levels) };
  }

  order(orderId: number): OpenOrder | undefined {
    const order = this.ordersById.get(orderId);
    return order === undefined ? undefined : toOpenOrder(order);
  }

  /** The number of resting orders. */
  size(): number {
    return this.ordersById.size;
  }

  /**
   * Walks the whole book and throws at the first broken invariant (levels sorted and non-empty, totals equal
   * to their orders, links consistent, every order indexed, book not crossed). O(orders): after a rebuild
   * (the spot matcher's) and in tests, not for every command.
   */
  checkIntegrity(): void {
    const ordersSeen = checkSide(this.bids, this.ordersById) + checkSide(this.asks, this.ordersById);
    if (ordersSeen !== this.ordersById.size) {
      throw new Error(`book integrity: ${ordersSeen} orders in levels, ${this.ordersById.size} indexed`);
    }
    this.assertNotCrossed();
  }

  private place(command: PlaceCommand): EngineEvent[] {
    const rejection = this.rejectionOf(command);
    if (rejection !== undefined) return [rejected(command.orderId, rejection)];
    const accepted: EngineEvent = { type: 'accepted', orderId: command.orderId };
    // Most limit orders cross nothing: their events are known up front, and they skip the matching loop.
    // Pure speed: the matching loop gives such an order the same events (false, "" or an empty block). The
    // siblings that send market or crossing orders here (true) are caught by the market and matching tests.
    // Stryker disable next-line ConditionalExpression,StringLiteral,BlockStatement: see above.
    if (command.kind === 'limit' && !this.crossesOpposite(command.side, command.priceTicks ?? 0)) {
      return this.placeWithoutTaking(command, accepted);
    }
    const events: EngineEvent[] = [accepted];
    const { remainingLots, stoppedBySelfTrade } = this.takeLiquidity(command, events, true);
    this.finishTaker(command, remainingLots, stoppedBySelfTrade, events);
    this.appendDepthEvents(events);
    return events;
  }

  /** A limit order that crosses nothing rests whole (GTC) or expires whole (IOC; FOK was rejected already). */
  private placeWithoutTaking(command: PlaceCommand, accepted: EngineEvent): EngineEvent[] {
    const { orderId, side, quantityLots } = command;
    if (command.timeInForce !== 'GTC') return [accepted, done(orderId, 'expired', quantityLots)];
    const priceTicks = command.priceTicks ?? 0;
    const level = this.rest(orderId, command.ownerId, side, priceTicks, quantityLots);
    return [
      accepted,
      { type: 'rested', orderId, side, priceTicks, remainingLots: quantityLots },
      depthOf(level),
    ];
  }

  /** The taker's last event: filled, rested, expired, or stopped by self-trade prevention. */
  private finishTaker(
    command: PlaceCommand,
    remainingLots: number,
    stoppedBySelfTrade: boolean,
    events: EngineEvent[],
  ): void {
    const { orderId } = command;
    if (stoppedBySelfTrade) {
      events.push(done(orderId, 'self-trade', remainingLots));
    } else if (remainingLots === 0) {
      events.push(done(orderId, 'filled', 0));
    } else if (command.kind === 'limit' && command.timeInForce === 'GTC') {
      this.restTaker(command, remainingLots, events);
    } else if (command.timeInForce === 'FOK') {
      // The FOK check walks the same loop as the execution, so this is a bug: stop rather than half-fill.
      throw new Error(`FOK order ${orderId} passed its check but did not fill`);
    } else {
      events.push(done(orderId, 'expired', remainingLots));
    }
  }

  /** Why the order must be turned down before it touches the book, or undefined when it may go ahead. */
  private rejectionOf(command: PlaceCommand): RejectReason | undefined {
    if (!isValidPlaceCommand(command)) return 'invalid';
    const isRestingLimit = command.kind === 'limit' && command.timeInForce === 'GTC';
    // Checked up front because nothing can be rejected once trades have happened.
    if (
      isRestingLimit &&
      this.wouldOverflowLevel(command.side, command.priceTicks ?? 0, command.quantityLots)
    ) {
      return 'invalid';
    }
    if (this.ordersById.has(command.orderId)) return 'duplicate-order-id';
    if (
      command.kind === 'limit' &&
      command.postOnly &&
      this.crossesOpposite(command.side, command.priceTicks ?? 0)
    ) {
      return 'post-only-would-take';
    }
    if (command.timeInForce === 'FOK') {
      // Stryker disable next-line ArrayDeclaration: a dry run pushes no event.
      const fillable = this.takeLiquidity(command, [], false).remainingLots === 0;
      if (!fillable) return 'fok-unfillable';
    }
    return undefined;
  }

  /**
   * Matches the taker against the opposite side, best price first and oldest first within a price, at the
   * maker's price. With `execute` false it only works out what would happen (the FOK check), changing
   * nothing and emitting nothing; both modes share this one loop so the check can never disagree with the
   * execution.
   */
  private takeLiquidity(command: PlaceCommand, events: EngineEvent[], execute: boolean): TakeResult {
    const { side, ownerId, selfTrade } = command;
    const opposite = side === 'buy' ? this.asks : this.bids;
    const limitTicks = limitPriceOf(command);
    let budget = budgetOf(command);
    let remainingLots = command.quantityLots;
    let levelRank = 0;
    // A level in the book always has a head (an emptied one is removed, and a dry run empties none).
    let maker = opposite.best()?.head;
    while (remainingLots > 0 && maker !== undefined) {
      const priceTicks = maker.level.priceTicks;
      if (side === 'buy' ? priceTicks > limitTicks : priceTicks < limitTicks) break;
      const affordableLots = Math.floor(budget / priceTicks);
      if (affordableLots === 0) break;
      const next = maker.next;
      if (maker.ownerId === ownerId) {
        if (selfTrade !== 'cancel-taker' && execute) this.removeMaker(maker, 'self-trade', events);
        if (selfTrade !== 'cancel-maker') return { remainingLots, stoppedBySelfTrade: true };
      } else {
        const lots = Math.min(remainingLots, maker.remainingLots, affordableLots);
        remainingLots -= lots;
        budget -= lots * priceTicks;
        if (execute) this.trade(command, maker, lots, remainingLots, events);
      }
      if (next !== undefined) {
        maker = next;
      } else {
        // A dry run leaves emptied levels in place, so it walks the levels by rank; a real run has just
        // removed the level it emptied, so the next best is the best again.
        levelRank = execute ? 0 : levelRank + 1;
        maker = opposite.levelAtRank(levelRank)?.head;
      }
    }
    return { remainingLots, stoppedBySelfTrade: false };
  }

  private trade(
    taker: PlaceCommand,
    maker: RestingOrder,
    lots: number,
    takerRemainingLots: number,
    events: EngineEvent[],
  ): void {
    const level = maker.level;
    maker.remainingLots -= lots;
    level.totalLots -= lots;
    this.markChanged(level);
    events.push({
      type: 'trade',
      sequence: this.nextTradeSequence,
      takerOrderId: taker.orderId,
      makerOrderId: maker.orderId,
      takerOwnerId: taker.ownerId,
      makerOwnerId: maker.ownerId,
      takerSide: taker.side,
      priceTicks: level.priceTicks,
      quantityLots: lots,
      makerRemainingLots: maker.remainingLots,
      takerRemainingLots,
    });
    this.nextTradeSequence += 1;
    if (maker.remainingLots === 0) this.removeMaker(maker, 'filled', events);
  }

  private cancel(command: CancelCommand): EngineEvent[] {
    const order = this.ordersById.get(command.orderId);
    if (order === undefined) return [rejected(command.orderId, 'unknown-order')];
    const remainingLots = order.remainingLots;
    this.remove(order);
    return [done(order.orderId, 'cancelled', remainingLots), depthOf(order.level)];
  }

  /** Takes a resting order out of the book and reports it done with what it still had. */
  private removeMaker(
    order: RestingOrder,
    reason: Exclude<DoneReason, 'expired'>,
    events: EngineEvent[],
  ): void {
    const remainingLots = order.remainingLots;
    this.remove(order);
    this.markChanged(order.level);
    events.push(done(order.orderId, reason, remainingLots));
  }

  /** Unlinks the order from its level and the index, and drops the level if that emptied it. */
  private remove(order: RestingOrder): void {
    const level = order.level;
    level.remove(order);
    this.ordersById.delete(order.orderId);
    if (level.isEmpty()) (level.side === 'buy' ? this.bids : this.asks).removeLevel(level);
  }

  private restTaker(command: PlaceCommand, remainingLots: number, events: EngineEvent[]): void {
    const { orderId, side } = command;
    const priceTicks = command.priceTicks ?? 0;
    this.markChanged(this.rest(orderId, command.ownerId, side, priceTicks, remainingLots));
    this.assertNotCrossed();
    events.push({ type: 'rested', orderId, side, priceTicks, remainingLots });
  }

  private rest(orderId: number, ownerId: number, side: Side, priceTicks: number, lots: number): PriceLevel {
    const level = (side === 'buy' ? this.bids : this.asks).levelFor(priceTicks);
    const order = new RestingOrder(orderId, ownerId, level, lots);
    level.append(order);
    this.ordersById.set(orderId, order);
    return level;
  }

  /** True when an order at this price would trade with the best order of the other side. */
  private crossesOpposite(side: Side, priceTicks: number): boolean {
    const best = (side === 'buy' ? this.asks : this.bids).best();
    if (best === undefined) return false;
    return side === 'buy' ? best.priceTicks <= priceTicks : best.priceTicks >= priceTicks;
  }

  /** Level totals are safe integers too: an order that would push one past that is refused. */
  private wouldOverflowLevel(side: Side, priceTicks: number, lots: number): boolean {
    const level = (side === 'buy' ? this.bids : this.asks).levelAt(priceTicks);
    return level !== undefined && level.totalLots > Number.MAX_SAFE_INTEGER - lots;
  }

  private markChanged(level: PriceLevel): void {
    if (level.changedByCommand === this.commandNumber) return;
    level.changedByCommand = this.commandNumber;
    this.changedLevels[this.changedLevelCount] = level;
    this.changedLevelCount += 1;
  }

  /** One depth event per level the command changed, in the order it first changed them. */
  private appendDepthEvents(events: EngineEvent[]): void {
    for (let index = 0; index < this.changedLevelCount; index += 1) {
      // The first changedLevelCount entries are this command's levels.
      events.push(depthOf(this.changedLevels[index] as PriceLevel));
    }
    this.changedLevelCount = 0;
  }

  /** An O(1) invariant kept on in production: a crossed book means matching went wrong, so stop. */
  private assertNotCrossed(): void {
    // An empty side is as far away as prices go, so it crosses nothing.
    const bid = this.bids.best()?.priceTicks ?? Number.NEGATIVE_INFINITY;
    const ask = this.asks.best()?.priceTicks ?? Number.POSITIVE_INFINITY;
    if (bid >= ask) {
      throw new Error(`book integrity: crossed book, best bid ${bid} >= best ask ${ask}`);
    }
  }
}

/** Market orders have no price limit: a limit no level price can fail. */
function limitPriceOf(command: PlaceCommand): number {
  if (command.kind === 'limit') return command.priceTicks ?? 0;
  return command.side === 'buy' ? Number.POSITIVE_INFINITY : 0;
}

/** Only market buys carry a budget; for every other order it is unlimited (and floor(∞ / price) is ∞). */
function budgetOf(command: PlaceCommand): number {
  if (command.kind === 'market' && command.side === 'buy' && command.maxQuoteTicksLots !== undefined) {
    return command.maxQuoteTicksLots;
  }
  return Number.POSITIVE_INFINITY;
}

function rejected(orderId: number, reason: RejectReason): EngineEvent {
  return { type: 'rejected', orderId, reason };
}

function done(orderId: number, reason: DoneReason, remainingLots: number): EngineEvent {
  return { type: 'done', orderId, reason, remainingLots };
}

/** The level's total now; 0 once it is gone (a removed level keeps its last total, which is 0). */
function depthOf(level: PriceLevel): EngineEvent {
  return { type: 'depth', side: level.side, priceTicks: level.priceTicks, totalLots: level.totalLots };
}

function toOpenOrder(order: RestingOrder): OpenOrder {
  const { orderId, ownerId, remainingLots } = order;
  return { orderId, ownerId, side: order.level.side, priceTicks: order.level.priceTicks, remainingLots };
}

function topLevels(side: BookSide, levels: number): [number, number][] {
  return side
    .bestLevels(Math.floor(levels))
    .map((level): [number, number] => [level.priceTicks, level.totalLots]);
}

/** Checks one side's levels and returns how many orders it holds. */
function checkSide(side: BookSide, ordersById: OrderIndex<RestingOrder>): number {
  let orders = 0;
  let better: PriceLevel | undefined;
  const levels = side.bestLevels(Number.POSITIVE_INFINITY);
  if (levels.length !== side.levelCount()) throw new Error(`book integrity: ${side.side} level count`);
  for (const level of levels) {
    if (better !== undefined && !side.isBetter(better.priceTicks, level.priceTicks)) {
      throw new Error(`book integrity: ${side.side} levels out of order at ${level.priceTicks}`);
    }
    if (side.levelAt(level.priceTicks) !== level) {
      throw new Error(`book integrity: ${side.side} level ${level.priceTicks} not indexed`);
    }
    orders += checkLevel(level, ordersById);
    better = level;
  }
  return orders;
}

function checkLevel(level: PriceLevel, ordersById: OrderIndex<RestingOrder>): number {
  const where = `${level.side} level ${level.priceTicks}`;
  let lots = 0;
  let count = 0;
  let previous: RestingOrder | undefined;
  for (let order = level.head; order !== undefined; order = order.next) {
    if (order.prev !== previous || order.level !== level) {
      throw new Error(`book integrity: ${where} broken links`);
    }
    if (!isPositiveSafeInteger(order.remainingLots)) throw new Error(`book integrity: ${where} empty order`);
    if (ordersById.get(order.orderId) !== order) throw new Error(`book integrity: ${where} unindexed order`);
    lots += order.remainingLots;
    count += 1;
    previous = order;
  }
  if (count === 0 || level.tail !== previous) throw new Error(`book integrity: ${where} empty or bad tail`);
  if (lots !== level.totalLots || count !== level.orderCount) {
    throw new Error(`book integrity: ${where} totals`);
  }
  return count;
}
