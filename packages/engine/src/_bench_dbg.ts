import { pathToFileURL } from 'node:url';
import {
  type LimitOrderOptions,
  type MarketOrderOptions,
  OrderBook as PeerBook,
  Side as PeerSide,
} from 'nodejs-order-book';
import { OrderBook } from './order-book';
import { mulberry32, randomInt } from './prng';
import type { BookDepth, CancelCommand, PlaceCommand, Side } from './types';

/**
 * Our engine against nodejs-order-book on the same generated workloads, one per kind of operation, in one
 * run: resting inserts, cancels, market takes against a deep book, and crossing limit orders that fill
 * against several makers. Both books are built from the same orders before timing, and must end with the
 * same depth, so neither side is timed doing less work. Each figure is the median of a few rounds, after
 * a warm-up round on a smaller workload.
 */
const ROUNDS = 3;
const INSERTS = 200_000;
const TAKES = 100_000;
/** Takes need a book deep enough that none of them runs it dry. */
const DEEP_BOOK_ORDERS_PER_SIDE = 250_000;
const WARMUP_SCALE = 0.1;

const MID_PRICE_TICKS = 10_000;
/** Levels per side: with INSERTS orders that is about a hundred orders a level. */
const LEVELS_PER_SIDE = 1_000;
const TAKER_OWNER = 1;
const MAKER_OWNER = 2;

interface RestingSpec {
  orderId: number;
  side: Side;
  priceTicks: number;
  lots: number;
}

interface Figures {
  engineOpsPerSecond: number;
  peerOpsPerSecond: number;
}

/** The same workload in each book's own input format, prepared before any timing starts. */
interface Phase {
  setup: RestingSpec[];
  engineOperations: (PlaceCommand | CancelCommand)[];
  runPeer: (peer: PeerBook) => number;
}

const PHASES: Record<string, (seed: number, scale: number) => Phase> = {
  insert: insertPhase,
  cancel: cancelPhase,
  market: marketPhase,
  cross: crossPhase,
};

export async function benchEngine(): Promise<Record<string, number>> {
  const figures: Record<string, number> = {};
  for (const [name, makePhase] of Object.entries(PHASES)) {
    console.log('phase', name, Math.round(performance.now()));
    measure(makePhase(1, WARMUP_SCALE));
    const { engineOpsPerSecond, peerOpsPerSecond } = measure(makePhase(2, 1));
    figures[`engine ${name} ops/s`] = Math.round(engineOpsPerSecond);
    figures[`peer ${name} ops/s`] = Math.round(peerOpsPerSecond);
    figures[`engine/peer ${name} ratio`] = Math.round((engineOpsPerSecond / peerOpsPerSecond) * 100) / 100;
    // Let a caller's event loop breathe between phases; the phases themselves are synchronous.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return figures;
}

function measure(phase: Phase): Figures {
  const engineRates: number[] = [];
  const peerRates: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const engine = buildEngine(phase.setup);
    const peer = buildPeer(phase.setup);
    engineRates.push(timeEngine(engine, phase.engineOperations));
    peerRates.push(ratePerSecond(phase.engineOperations.length, () => phase.runPeer(peer)));
    console.log(round, Math.round(engineRates.at(-1) ?? 0), Math.round(peerRates.at(-1) ?? 0));
    assertSameDepth(engine, peer);
  }
  return { engineOpsPerSecond: median(engineRates), peerOpsPerSecond: median(peerRates) };
}

function timeEngine(engine: OrderBook, operations: (PlaceCommand | CancelCommand)[]): number {
  return ratePerSecond(operations.length, () => {
    let events = 0;
    for (const operation of operations) events += engine.apply(operation).length;
    return events;
  });
}

/** Runs the work once and returns operations per second; the work's result keeps it from being optimised away. */
function ratePerSecond(operations: number, work: () => number): number {
  const started = performance.now();
  const result = work();
  const elapsedMs = performance.now() - started;
  if (!Number.isFinite(result)) throw new Error('benchmark work returned nothing');
  return operations / (elapsedMs / 1000);
}

/** (1) Limit orders that join or open levels on their own side and cross nothing. */
function insertPhase(seed: number, scale: number): Phase {
  const orders = restingOrders(seed, Math.round(INSERTS * scale), 100);
  const peerOrders = orders.map(toPeerLimit);
  return {
    setup: [],
    engineOperations: orders.map(toPlace),
    runPeer: (peer) => {
      let answered = 0;
      for (const order of peerOrders) answered += peer.limit(order).done.length + 1;
      return answered;
    },
  };
}

/** (2) Cancels of every resting order of a full book, in random order. */
function cancelPhase(seed: number, scale: number): Phase {
  const setup = restingOrders(seed, Math.round(INSERTS * scale), 100);
  const orderIds = shuffled(
    setup.map((order) => order.orderId),
    seed,
  );
  const peerIds = orderIds.map(String);
  return {
    setup,
    engineOperations: orderIds.map((orderId): CancelCommand => ({ type: 'cancel', orderId })),
    runPeer: (peer) => {
      let cancelled = 0;
      for (const orderId of peerIds) if (peer.cancel(orderId) !== undefined) cancelled += 1;
      return cancelled;
    },
  };
}

/** (3) Market orders, alternately buying and selling, each taking 10-30 lots from makers of 1-10 lots. */
function marketPhase(seed: number, scale: number): Phase {
  const setup = restingOrders(seed, Math.round(DEEP_BOOK_ORDERS_PER_SIDE * 2 * scale), 10);
  const random = mulberry32(seed + 1);
  const firstId = setup.length + 1;
  const takes = Array.from({ length: Math.round(TAKES * scale) }, (_, index) => ({
    orderId: firstId + index,
    side: (index % 2 === 0 ? 'buy' : 'sell') as Side,
    lots: randomInt(random, 10, 30),
  }));
  const peerTakes = takes.map(({ side, lots }): MarketOrderOptions => ({ side: peerSide(side), size: lots }));
  return {
    setup,
    engineOperations: takes.map(({ orderId, side, lots }) => ({
      ...takerFields(orderId, side, lots),
      kind: 'market' as const,
      timeInForce: 'IOC' as const,
    })),
    runPeer: (peer) => {
      let left = 0;
      for (const take of peerTakes) left += peer.market(take).quantityLeft;
      return left;
    },
  };
}

/** (4) Limit orders priced through the deep book, each filled by several makers at several prices. */
function crossPhase(seed: number, scale: number): Phase {
  const setup = restingOrders(seed, Math.round(DEEP_BOOK_ORDERS_PER_SIDE * 2 * scale), 10);
  const random = mulberry32(seed + 2);
  const firstId = setup.length + 1;
  const crossings = Array.from({ length: Math.round(TAKES * scale) }, (_, index) => {
    const side: Side = index % 2 === 0 ? 'buy' : 'sell';
    const priceTicks = side === 'buy' ? MID_PRICE_TICKS + LEVELS_PER_SIDE : MID_PRICE_TICKS - LEVELS_PER_SIDE;
    return { orderId: firstId + index, side, priceTicks, lots: randomInt(random, 10, 30) };
  });
  return {
    setup,
    engineOperations: crossings.map(({ orderId, side, priceTicks, lots }) => ({
      ...takerFields(orderId, side, lots),
      kind: 'limit' as const,
      priceTicks,
      timeInForce: 'GTC' as const,
    })),
    runPeer: runPeerLimits(crossings.map(toPeerLimit)),
  };
}

function runPeerLimits(orders: LimitOrderOptions[]): (peer: PeerBook) => number {
  return (peer) => {
    let answered = 0;
    for (const order of orders) answered += peer.limit(order).done.length;
    return answered;
  };
}

/**
 * Non-crossing orders spread over LEVELS_PER_SIDE prices each side of the mid, half bids, half asks, of
 * 1..maxLots lots, with ids from 1.
 */
function restingOrders(seed: number, count: number, maxLots: number): RestingSpec[] {
  const random = mulberry32(seed);
  return Array.from({ length: count }, (_, index) => {
    const side: Side = random() < 0.5 ? 'buy' : 'sell';
    const offset = randomInt(random, 1, LEVELS_PER_SIDE);
    const priceTicks = side === 'buy' ? MID_PRICE_TICKS - offset : MID_PRICE_TICKS + offset;
    return { orderId: index + 1, side, priceTicks, lots: randomInt(random, 1, maxLots) };
  });
}

function takerFields(orderId: number, side: Side, lots: number) {
  return {
    type: 'place' as const,
    orderId,
    ownerId: TAKER_OWNER,
    side,
    quantityLots: lots,
    postOnly: false,
    selfTrade: 'cancel-taker' as const,
  };
}

function toPlace(order: RestingSpec): PlaceCommand {
  return {
    type: 'place',
    orderId: order.orderId,
    ownerId: MAKER_OWNER,
    side: order.side,
    kind: 'limit',
    priceTicks: order.priceTicks,
    quantityLots: order.lots,
    timeInForce: 'GTC',
    postOnly: false,
    selfTrade: 'cancel-taker',
  };
}

function toPeerLimit(order: RestingSpec): LimitOrderOptions {
  return { id: String(order.orderId), side: peerSide(order.side), price: order.priceTicks, size: order.lots };
}

function peerSide(side: Side): PeerSide {
  return side === 'buy' ? PeerSide.BUY : PeerSide.SELL;
}

function buildEngine(setup: RestingSpec[]): OrderBook {
  const engine = new OrderBook();
  for (const order of setup) engine.apply(toPlace(order));
  return engine;
}

function buildPeer(setup: RestingSpec[]): PeerBook {
  const peer = new PeerBook();
  for (const order of setup) peer.limit(toPeerLimit(order));
  return peer;
}

/** Both books must hold exactly the same levels after the same workload, or the comparison means nothing. */
function assertSameDepth(engine: OrderBook, peer: PeerBook): void {
  const [peerAsks, peerBids] = peer.depth();
  const peerDepth: BookDepth = { bids: peerBids, asks: peerAsks };
  const ours = engine.depth(Number.MAX_SAFE_INTEGER);
  if (JSON.stringify(ours) !== JSON.stringify(peerDepth)) {
    throw new Error('the engine and the peer ended with different books');
  }
}

function shuffled<T>(items: T[], seed: number): T[] {
  const random = mulberry32(seed ^ 0x5eed);
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index -= 1) {
    const other = randomInt(random, 0, index);
    const item = copy[index] as T;
    copy[index] = copy[other] as T;
    copy[other] = item;
  }
  return copy;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

const runDirectly = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (runDirectly) {
  benchEngine().then(
    (figures) => {
      for (const [name, value] of Object.entries(figures)) console.log(`${name.padEnd(32)} ${value}`);
    },
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
