import { pathToFileURL } from 'node:url';
import {
  type LimitOrderOptions,
  type MarketOrderOptions,
  OrderBook as PeerBook,
  Side as PeerSide,
} from 'nodejs-order-book';
import { OrderBook, type BookDepth, type Command, type PlaceCommand, type Side } from '@exchange/engine';
import { mulberry32, randomInt } from '@exchange/engine/prng';

/**
 * Our engine against nodejs-order-book (the peer) on the same generated workloads, one per kind of
 * operation, in one run:
 *   insert  limit orders that cross nothing, into an empty book, 1-100 lots
 *   cancel  cancels of half the orders of such a book, picked at random
 *   market  market orders, alternately buying and selling 10-30 lots, against a deep book of 1-10 lot makers
 *   cross   limit orders priced through that deep book, the same sizes, each filled by several makers
 * Prices spread over LEVELS_PER_SIDE levels a side, so a full book holds about fifty orders a level. Both
 * books are built from the same orders outside the timing, and must end with the same depth, so neither is
 * timed doing less work. Each figure is the median of ROUNDS rounds, after warm-up rounds on a smaller
 * workload; the two books take turns within a round.
 */
const ROUNDS = 5;
const WARMUP_SCALE = 0.1;
const INSERTS = 200_000;
const CANCELS = 100_000;
const DEEP_BOOK_ORDERS = 200_000;
/** Takes consume about 240k lots of the deep book's 550k a side, so none of them runs it dry. */
const TAKES = 24_000;
const MID_PRICE_TICKS = 100_000;
const LEVELS_PER_SIDE = 2_000;
const MAKER_OWNER = 1;
const TAKER_OWNER = 2;

interface RestingSpec {
  orderId: number;
  side: Side;
  priceTicks: number;
  lots: number;
}

interface TakeSpec {
  orderId: number;
  side: Side;
  lots: number;
}

/** One workload in each book's own input format, all prepared before any timing starts. */
interface Phase {
  setup: RestingSpec[];
  engineCommands: Command[];
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

function measure(phase: Phase): { engineOpsPerSecond: number; peerOpsPerSecond: number } {
  const operations = phase.engineCommands.length;
  const engineRates: number[] = [];
  const peerRates: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const engine = buildEngine(phase.setup);
    engineRates.push(ratePerSecond(operations, () => runEngine(engine, phase.engineCommands)));
    const peer = buildPeer(phase.setup);
    peerRates.push(ratePerSecond(operations, () => phase.runPeer(peer)));
    assertSameDepth(engine, peer);
  }
  return { engineOpsPerSecond: median(engineRates), peerOpsPerSecond: median(peerRates) };
}

function runEngine(engine: OrderBook, commands: Command[]): number {
  let events = 0;
  for (const command of commands) events += engine.apply(command).length;
  return events;
}

/** Runs the work once and returns operations per second; using the work's result keeps it from being optimised away. */
function ratePerSecond(operations: number, work: () => number): number {
  const started = performance.now();
  const result = work();
  const elapsedMs = performance.now() - started;
  if (!Number.isFinite(result)) throw new Error('benchmark work returned nothing');
  return operations / (elapsedMs / 1000);
}

function insertPhase(seed: number, scale: number): Phase {
  const orders = restingOrders(seed, Math.round(INSERTS * scale), 100);
  return { setup: [], engineCommands: orders.map(toPlace), runPeer: runPeerLimits(orders.map(toPeerLimit)) };
}

function cancelPhase(seed: number, scale: number): Phase {
  const setup = restingOrders(seed, Math.round(INSERTS * scale), 100);
  const orderIds = shuffled(
    setup.map((order) => order.orderId),
    seed,
  ).slice(0, Math.round(CANCELS * scale));
  const peerIds = orderIds.map(String);
  return {
    setup,
    engineCommands: orderIds.map((orderId): Command => ({ type: 'cancel', orderId })),
    runPeer: (peer) => {
      let cancelled = 0;
      for (const orderId of peerIds) if (peer.cancel(orderId) !== undefined) cancelled += 1;
      return cancelled;
    },
  };
}

function marketPhase(seed: number, scale: number): Phase {
  const setup = restingOrders(seed, Math.round(DEEP_BOOK_ORDERS * scale), 10);
  const takes = alternatingTakes(seed, setup.length + 1, Math.round(TAKES * scale));
  const peerTakes = takes.map(({ side, lots }): MarketOrderOptions => ({ side: peerSide(side), size: lots }));
  return {
    setup,
    engineCommands: takes.map(({ orderId, side, lots }) => ({
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

/** Limit orders priced at the far end of the other side's range: they cross, and never rest. */
function crossPhase(seed: number, scale: number): Phase {
  const setup = restingOrders(seed, Math.round(DEEP_BOOK_ORDERS * scale), 10);
  const crossings = alternatingTakes(seed, setup.length + 1, Math.round(TAKES * scale)).map((take) => ({
    ...take,
    priceTicks: take.side === 'buy' ? MID_PRICE_TICKS + LEVELS_PER_SIDE : MID_PRICE_TICKS - LEVELS_PER_SIDE,
  }));
  return {
    setup,
    engineCommands: crossings.map(({ orderId, side, priceTicks, lots }) => ({
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
    for (const order of orders) answered += peer.limit(order).done.length + 1;
    return answered;
  };
}

/** Orders that cross nothing: half bids, half asks, over LEVELS_PER_SIDE prices a side, ids from 1. */
function restingOrders(seed: number, count: number, maxLots: number): RestingSpec[] {
  const random = mulberry32(seed);
  return Array.from({ length: count }, (_, index) => {
    const side: Side = random() < 0.5 ? 'buy' : 'sell';
    const offset = randomInt(random, 1, LEVELS_PER_SIDE);
    const priceTicks = side === 'buy' ? MID_PRICE_TICKS - offset : MID_PRICE_TICKS + offset;
    return { orderId: index + 1, side, priceTicks, lots: randomInt(random, 1, maxLots) };
  });
}

function alternatingTakes(seed: number, firstOrderId: number, count: number): TakeSpec[] {
  const random = mulberry32(seed + 1);
  return Array.from({ length: count }, (_, index) => ({
    orderId: firstOrderId + index,
    side: index % 2 === 0 ? 'buy' : 'sell',
    lots: randomInt(random, 10, 30),
  }));
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

function toPeerLimit(order: {
  orderId: number;
  side: Side;
  priceTicks: number;
  lots: number;
}): LimitOrderOptions {
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
  if (JSON.stringify(engine.depth(Number.MAX_SAFE_INTEGER)) !== JSON.stringify(peerDepth)) {
    throw new Error('the engine and the peer ended with different books');
  }
}

function shuffled<T>(items: T[], seed: number): T[] {
  const random = mulberry32(seed + 2);
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
