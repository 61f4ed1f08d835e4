import type {
  BookDepth,
  CancelCommand,
  Command,
  EngineEvent,
  OpenOrder,
  OrderBookOptions,
  PlaceCommand,
  Side,
} from './types';

/** Each side's levels: price -> total lots. */
type LevelTotals = Record<Side, Map<number, number>>;

/**
 * The obviously-correct book the fast one is tested against: one array of resting orders in arrival order,
 * a linear scan for every decision, FOK by trying the order on a copy, depth events by diffing the levels
 * before and after. Slow on purpose; it shares nothing with the engine but the types.
 */
export class ReferenceBook {
  /** Every resting order, oldest first: array order is time priority. */
  private orders: OpenOrder[] = [];
  private nextSequence: number;

  constructor(options: OrderBookOptions = {}) {
    this.nextSequence = options.firstTradeSequence ?? 1;
  }

  apply(command: Command): EngineEvent[] {
    const before = this.levelTotals();
    const events = command.type === 'place' ? this.place(command) : this.cancel(command);
    const firstSide: Side = command.type === 'place' && command.side === 'buy' ? 'sell' : 'buy';
    return [...events, ...depthChanges(before, this.levelTotals(), firstSide)];
  }

  restore(order: OpenOrder): void {
    if (this.orders.some((resting) => resting.orderId === order.orderId)) {
      throw new Error('duplicate restore');
    }
    if (this.orders.some((resting) => resting.side !== order.side && crosses(order, resting.priceTicks))) {
      throw new Error('restore would cross');
    }
    this.orders.push({ ...order });
  }

  bestBid(): number | undefined {
    const bids = this.orders.filter((order) => order.side === 'buy').map((order) => order.priceTicks);
    return bids.length === 0 ? undefined : Math.max(...bids);
  }

  bestAsk(): number | undefined {
    const asks = this.orders.filter((order) => order.side === 'sell').map((order) => order.priceTicks);
    return asks.length === 0 ? undefined : Math.min(...asks);
  }

  depth(levels: number): BookDepth {
    const totals = this.levelTotals();
    const side = (wanted: Side): [number, number][] =>
      bestFirst(wanted, [...totals[wanted].keys()])
        .slice(0, levels)
        .map((priceTicks): [number, number] => [priceTicks, totals[wanted].get(priceTicks) ?? 0]);
    return { bids: side('buy'), asks: side('sell') };
  }

  order(orderId: number): OpenOrder | undefined {
    const found = this.orders.find((order) => order.orderId === orderId);
    return found === undefined ? undefined : { ...found };
  }

  size(): number {
    return this.orders.length;
  }

  private place(command: PlaceCommand): EngineEvent[] {
    const { orderId } = command;
    if (!isValid(command) || this.wouldOverflowLevel(command)) {
      return [{ type: 'rejected', orderId, reason: 'invalid' }];
    }
    if (this.orders.some((order) => order.orderId === orderId)) {
      return [{ type: 'rejected', orderId, reason: 'duplicate-order-id' }];
    }
    const takes = this.orders.some(
      (order) => order.side !== command.side && crosses(command, order.priceTicks),
    );
    if (command.kind === 'limit' && command.postOnly && takes) {
      return [{ type: 'rejected', orderId, reason: 'post-only-would-take' }];
    }
    const asImmediate: PlaceCommand =
      command.timeInForce === 'FOK' ? { ...command, timeInForce: 'IOC' } : command;
    if (command.timeInForce === 'FOK') {
      const trial = this.copy();
      const trialEvents = trial.execute(asImmediate);
      const last = trialEvents[trialEvents.length - 1];
      if (last?.type !== 'done' || last.reason !== 'filled') {
        return [{ type: 'rejected', orderId, reason: 'fok-unfillable' }];
      }
    }
    return this.execute(asImmediate);
  }

  private execute(command: PlaceCommand): EngineEvent[] {
    const { orderId, ownerId, side } = command;
    const events: EngineEvent[] = [{ type: 'accepted', orderId }];
    let remaining = command.quantityLots;
    let budget = command.kind === 'market' && side === 'buy' ? command.maxQuoteTicksLots : undefined;
    while (remaining > 0) {
      const maker = this.bestMaker(command);
      if (maker === undefined) break;
      if (budget !== undefined && Math.floor(budget / maker.priceTicks) === 0) break;
      if (maker.ownerId === ownerId) {
        if (command.selfTrade !== 'cancel-taker') {
          this.remove(maker);
          events.push({
            type: 'done',
            orderId: maker.orderId,
            reason: 'self-trade',
            remainingLots: maker.remainingLots,
          });
        }
        if (command.selfTrade !== 'cancel-maker') {
          events.push({ type: 'done', orderId, reason: 'self-trade', remainingLots: remaining });
          return events;
        }
        continue;
      }
      let lots = Math.min(remaining, maker.remainingLots);
      if (budget !== undefined) lots = Math.min(lots, Math.floor(budget / maker.priceTicks));
      remaining -= lots;
      if (budget !== undefined) budget -= lots * maker.priceTicks;
      maker.remainingLots -= lots;
      events.push({
        type: 'trade',
        sequence: this.nextSequence++,
        takerOrderId: orderId,
        makerOrderId: maker.orderId,
        takerOwnerId: ownerId,
        makerOwnerId: maker.ownerId,
        takerSide: side,
        priceTicks: maker.priceTicks,
        quantityLots: lots,
        makerRemainingLots: maker.remainingLots,
        takerRemainingLots: remaining,
      });
      if (maker.remainingLots === 0) {
        this.remove(maker);
        events.push({ type: 'done', orderId: maker.orderId, reason: 'filled', remainingLots: 0 });
      }
    }
    if (remaining === 0) {
      events.push({ type: 'done', orderId, reason: 'filled', remainingLots: 0 });
    } else if (command.kind === 'limit' && command.timeInForce === 'GTC') {
      const priceTicks = command.priceTicks ?? 0;
      this.orders.push({ orderId, ownerId, side, priceTicks, remainingLots: remaining });
      events.push({ type: 'rested', orderId, side, priceTicks, remainingLots: remaining });
    } else {
      events.push({ type: 'done', orderId, reason: 'expired', remainingLots: remaining });
    }
    return events;
  }

  private cancel(command: CancelCommand): EngineEvent[] {
    const order = this.orders.find((resting) => resting.orderId === command.orderId);
    if (order === undefined) return [{ type: 'rejected', orderId: command.orderId, reason: 'unknown-order' }];
    this.remove(order);
    return [
      { type: 'done', orderId: order.orderId, reason: 'cancelled', remainingLots: order.remainingLots },
    ];
  }

  /** The maker the taker would meet next: best price, then the oldest at that price. */
  private bestMaker(taker: PlaceCommand): OpenOrder | undefined {
    let best: OpenOrder | undefined;
    for (const order of this.orders) {
      if (order.side === taker.side || !crosses(taker, order.priceTicks)) continue;
      const better =
        taker.side === 'buy'
          ? order.priceTicks < (best?.priceTicks ?? Infinity)
          : order.priceTicks > (best?.priceTicks ?? 0);
      if (better) best = order;
    }
    return best;
  }

  private wouldOverflowLevel(command: PlaceCommand): boolean {
    if (command.kind !== 'limit' || command.timeInForce !== 'GTC') return false;
    const levelLots = this.orders
      .filter((order) => order.side === command.side && order.priceTicks === command.priceTicks)
      .reduce((sum, order) => sum + order.remainingLots, 0);
    return levelLots + command.quantityLots > Number.MAX_SAFE_INTEGER;
  }

  private remove(order: OpenOrder): void {
    this.orders = this.orders.filter((resting) => resting !== order);
  }

  private levelTotals(): LevelTotals {
    const totals: LevelTotals = { buy: new Map(), sell: new Map() };
    for (const order of this.orders) {
      const side = totals[order.side];
      side.set(order.priceTicks, (side.get(order.priceTicks) ?? 0) + order.remainingLots);
    }
    return totals;
  }

  private copy(): ReferenceBook {
    const copy = new ReferenceBook({ firstTradeSequence: this.nextSequence });
    copy.orders = this.orders.map((order) => ({ ...order }));
    return copy;
  }
}

/** Whether a taker (or an order being restored) would trade with a resting order at `makerPriceTicks`. */
function crosses(
  taker: { side: Side; priceTicks?: number; kind?: string },
  makerPriceTicks: number,
): boolean {
  if (taker.kind === 'market') return true;
  const limit = taker.priceTicks ?? 0;
  return taker.side === 'buy' ? makerPriceTicks <= limit : makerPriceTicks >= limit;
}

function isPositiveSafeInteger(value: unknown): boolean {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
}

function isValid(command: PlaceCommand): boolean {
  const pricingValid =
    command.kind === 'limit'
      ? isPositiveSafeInteger(command.priceTicks)
      : command.kind === 'market' &&
        (command.side === 'sell' ||
          command.maxQuoteTicksLots === undefined ||
          isPositiveSafeInteger(command.maxQuoteTicksLots));
  return (
    pricingValid &&
    isPositiveSafeInteger(command.orderId) &&
    isPositiveSafeInteger(command.ownerId) &&
    isPositiveSafeInteger(command.quantityLots) &&
    ['buy', 'sell'].includes(command.side) &&
    ['GTC', 'IOC', 'FOK'].includes(command.timeInForce) &&
    ['cancel-taker', 'cancel-maker', 'cancel-both'].includes(command.selfTrade) &&
    typeof command.postOnly === 'boolean'
  );
}

/** Levels whose total moved, the taker's opposite side first, each side best first. */
function depthChanges(before: LevelTotals, after: LevelTotals, firstSide: Side): EngineEvent[] {
  const sides: Side[] = firstSide === 'buy' ? ['buy', 'sell'] : ['sell', 'buy'];
  return sides.flatMap((side) => {
    const prices = [...new Set([...before[side].keys(), ...after[side].keys()])];
    const changed = prices.filter(
      (price) => (before[side].get(price) ?? 0) !== (after[side].get(price) ?? 0),
    );
    return bestFirst(side, changed).map((priceTicks): EngineEvent => ({
      type: 'depth',
      side,
      priceTicks,
      totalLots: after[side].get(priceTicks) ?? 0,
    }));
  });
}

function bestFirst(side: Side, prices: number[]): number[] {
  return prices.sort((a, b) => (side === 'buy' ? b - a : a - b));
}
