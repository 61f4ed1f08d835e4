import { mulberry32, pick, randomInt } from './prng';
import type { Command, OpenOrder, PlaceCommand, SelfTradePrevention, Side, TimeInForce } from './types';

/**
 * Random but reproducible command streams for the differential test: a small restored book, then a mix of
 * limit, market, IOC, FOK and post-only orders from a handful of owners (so self-trades are common) on a
 * band of prices around a mid (so many orders cross), cancels of live, finished and unknown ids, duplicate ids,
 * invalid input and huge quantities near the safe-integer limit.
 */
export interface CommandStream {
  restored: OpenOrder[];
  commands: Command[];
}

const MID_PRICE_TICKS = 100_000;
const OWNERS = 4;
const UNKNOWN_ORDER_ID_BASE = 1_000_000_000;
const HUGE_LOTS = [2 ** 40, 2 ** 52, Number.MAX_SAFE_INTEGER - 5];
const TIMES_IN_FORCE: TimeInForce[] = ['GTC', 'GTC', 'GTC', 'IOC', 'FOK'];
const SELF_TRADE_MODES: SelfTradePrevention[] = ['cancel-taker', 'cancel-maker', 'cancel-both'];

/** Ways to break a command; some only matter for some kinds of order and must then be ignored. */
const CORRUPTIONS: Partial<Record<keyof PlaceCommand, unknown>>[] = [
  { quantityLots: 0 },
  { quantityLots: -3 },
  { quantityLots: 2.5 },
  { quantityLots: Number.NaN },
  { quantityLots: Number.MAX_SAFE_INTEGER + 1 },
  { priceTicks: undefined },
  { priceTicks: 0 },
  { priceTicks: 1.5 },
  { priceTicks: Number.POSITIVE_INFINITY },
  { orderId: 0 },
  { ownerId: -1 },
  { side: 'hold' },
  { kind: 'stop' },
  { timeInForce: 'DAY' },
  { selfTrade: 'none' },
  { postOnly: 'yes' },
  { maxQuoteTicksLots: 0 },
  { maxQuoteTicksLots: 12.5 },
];

/**
 * `priceBandTicks` is how far from the mid limit prices go: the default keeps a couple of dozen levels a
 * side with many orders each; a wide band spreads the book over hundreds of levels a side.
 */
export function randomCommandStream(seed: number, count: number, priceBandTicks = 12): CommandStream {
  const random = mulberry32(seed);
  const restored = restoredBook(random);
  const placedIds = restored.map((order) => order.orderId);
  let nextOrderId = placedIds.length + 1;
  const commands: Command[] = [];
  for (let index = 0; index < count; index += 1) {
    if (random() < 0.25) {
      commands.push({ type: 'cancel', orderId: cancelTarget(random, placedIds) });
      continue;
    }
    const reuseId = random() < 0.03 && placedIds.length > 0;
    const orderId = reuseId ? pick(random, placedIds.slice(-20)) : nextOrderId++;
    placedIds.push(orderId);
    commands.push(randomPlace(random, orderId, priceBandTicks));
  }
  return { restored, commands };
}

function restoredBook(random: () => number): OpenOrder[] {
  const orders: OpenOrder[] = [];
  const count = randomInt(random, 0, 40);
  for (let orderId = 1; orderId <= count; orderId += 1) {
    const side: Side = random() < 0.5 ? 'buy' : 'sell';
    const offset = randomInt(random, 1, 8);
    const priceTicks = side === 'buy' ? MID_PRICE_TICKS - offset : MID_PRICE_TICKS + offset;
    orders.push({
      orderId,
      ownerId: randomInt(random, 1, OWNERS),
      side,
      priceTicks,
      remainingLots: randomInt(random, 1, 20),
    });
  }
  return orders;
}

function cancelTarget(random: () => number, placedIds: number[]): number {
  const roll = random();
  if (roll < 0.1 || placedIds.length === 0) return UNKNOWN_ORDER_ID_BASE + randomInt(random, 0, 1000);
  // Recent orders are the likeliest to still rest; older ones are often already done.
  if (roll < 0.6) return pick(random, placedIds.slice(-30));
  return pick(random, placedIds);
}

function randomPlace(random: () => number, orderId: number, priceBandTicks: number): PlaceCommand {
  const side: Side = random() < 0.5 ? 'buy' : 'sell';
  const isMarket = random() < 0.15;
  const command: PlaceCommand = {
    type: 'place',
    orderId,
    ownerId: randomInt(random, 1, OWNERS),
    side,
    kind: isMarket ? 'market' : 'limit',
    quantityLots: randomLots(random),
    timeInForce: pick(random, TIMES_IN_FORCE),
    postOnly: random() < 0.1,
    selfTrade: pick(random, SELF_TRADE_MODES),
  };
  if (!isMarket || random() < 0.1) {
    // Mostly on the order's own side of the mid, so the book builds depth; sometimes through it, to take.
    const awayFromMidTicks = randomInt(random, -Math.ceil(priceBandTicks / 3), priceBandTicks);
    command.priceTicks =
      side === 'buy' ? MID_PRICE_TICKS - awayFromMidTicks : MID_PRICE_TICKS + awayFromMidTicks;
  }
  if ((isMarket && side === 'buy' && random() < 0.5) || random() < 0.05) {
    // Enough for anything from no lot at all to a few dozen lots at the mid.
    command.maxQuoteTicksLots = randomInt(random, 1, 30 * MID_PRICE_TICKS);
  }
  if (random() < 0.04) Object.assign(command, pick(random, CORRUPTIONS));
  return command;
}

/** Mostly small orders, some that sweep several levels, and rare ones near the safe-integer limit. */
function randomLots(random: () => number): number {
  const roll = random();
  if (roll < 0.01) return pick(random, HUGE_LOTS);
  if (roll < 0.1) return randomInt(random, 25, 200);
  return randomInt(random, 1, 25);
}
