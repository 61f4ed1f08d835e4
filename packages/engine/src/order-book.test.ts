import { describe, expect, it } from 'vitest';
import { OrderBook } from './order-book';
import type { PriceLevel, RestingOrder } from './price-level';
import { randomCommandStream } from './random-commands';
import type { CancelCommand, EngineEvent, PlaceCommand, Side } from './types';

const ALICE = 1;
const BOB = 2;
const CAROL = 3;

/** A place command as the gateway sends it; `options` override the defaults of a limit order. */
function place(
  orderId: number,
  ownerId: number,
  side: Side,
  quantityLots: number,
  options: Partial<PlaceCommand>,
): PlaceCommand {
  return {
    type: 'place',
    orderId,
    ownerId,
    side,
    kind: 'limit',
    quantityLots,
    timeInForce: 'GTC',
    postOnly: false,
    selfTrade: 'cancel-taker',
    ...options,
  };
}

function limit(
  orderId: number,
  ownerId: number,
  side: Side,
  priceTicks: number,
  quantityLots: number,
  options: Partial<PlaceCommand> = {},
): PlaceCommand {
  return place(orderId, ownerId, side, quantityLots, { priceTicks, ...options });
}

function market(
  orderId: number,
  ownerId: number,
  side: Side,
  quantityLots: number,
  options: Partial<PlaceCommand> = {},
): PlaceCommand {
  return place(orderId, ownerId, side, quantityLots, { kind: 'market', timeInForce: 'IOC', ...options });
}

function cancel(orderId: number): CancelCommand {
  return { type: 'cancel', orderId };
}

/** A book holding the given orders, placed in order; their own events are not under test. */
function bookWith(...commands: PlaceCommand[]): OrderBook {
  const book = new OrderBook();
  for (const command of commands) book.apply(command);
  return book;
}

function trades(events: EngineEvent[]) {
  return events.filter((event) => event.type === 'trade');
}

function eventTypes(events: EngineEvent[]): string[] {
  return events.map((event) =>
    event.type === 'done' || event.type === 'rejected' ? `${event.type} ${event.reason}` : event.type,
  );
}

describe('resting and priority', () => {
  it('rests a limit order that crosses nothing', () => {
    const book = new OrderBook();
    expect(book.apply(limit(1, ALICE, 'buy', 100, 5))).toEqual([
      { type: 'accepted', orderId: 1 },
      { type: 'rested', orderId: 1, side: 'buy', priceTicks: 100, remainingLots: 5 },
      { type: 'depth', side: 'buy', priceTicks: 100, totalLots: 5 },
    ]);
    expect(book.order(1)).toEqual({
      orderId: 1,
      ownerId: ALICE,
      side: 'buy',
      priceTicks: 100,
      remainingLots: 5,
    });
    expect([book.bestBid(), book.bestAsk(), book.size()]).toEqual([100, undefined, 1]);
  });

  it('matches the best price first', () => {
    const book = bookWith(limit(1, ALICE, 'sell', 101, 5), limit(2, BOB, 'sell', 100, 5));
    const [trade] = trades(book.apply(limit(3, CAROL, 'buy', 105, 5)));
    expect(trade).toMatchObject({ makerOrderId: 2, priceTicks: 100 });
  });

  it('matches the oldest order first within a price', () => {
    const book = bookWith(
      limit(1, ALICE, 'buy', 100, 5),
      limit(2, BOB, 'buy', 100, 5),
      limit(3, ALICE, 'buy', 100, 5),
    );
    const fills = trades(book.apply(limit(4, CAROL, 'sell', 100, 7)));
    expect(fills.map((trade) => [trade.makerOrderId, trade.quantityLots])).toEqual([
      [1, 5],
      [2, 2],
    ]);
    expect(book.order(2)?.remainingLots).toBe(3);
  });

  it('executes at the maker price, whatever the taker offered', () => {
    const book = bookWith(limit(1, ALICE, 'sell', 100, 5));
    expect(trades(book.apply(limit(2, BOB, 'buy', 120, 5)))[0]?.priceTicks).toBe(100);
    const bids = bookWith(limit(1, ALICE, 'buy', 100, 5));
    expect(trades(bids.apply(limit(2, BOB, 'sell', 80, 5)))[0]?.priceTicks).toBe(100);
  });

  it('reports depth best first, limited to the levels asked for', () => {
    const book = bookWith(
      limit(1, ALICE, 'buy', 98, 1),
      limit(2, ALICE, 'buy', 99, 2),
      limit(3, ALICE, 'buy', 99, 3),
      limit(4, ALICE, 'sell', 103, 4),
      limit(5, ALICE, 'sell', 101, 5),
      limit(6, ALICE, 'buy', 97, 6),
    );
    expect(book.depth(2)).toEqual({
      bids: [
        [99, 5],
        [98, 1],
      ],
      asks: [
        [101, 5],
        [103, 4],
      ],
    });
    expect(book.depth(0)).toEqual({ bids: [], asks: [] });
    expect([book.bestBid(), book.bestAsk(), book.size()]).toEqual([99, 101, 6]);
  });

  it('is empty when new', () => {
    const book = new OrderBook();
    expect([book.bestBid(), book.bestAsk(), book.size(), book.order(1)]).toEqual([
      undefined,
      undefined,
      0,
      undefined,
    ]);
  });

  it('hands out copies of its orders', () => {
    const book = bookWith(limit(1, ALICE, 'buy', 100, 5));
    const copy = book.order(1);
    if (copy !== undefined) copy.remainingLots = 1;
    expect(book.order(1)?.remainingLots).toBe(5);
  });
});

describe('fills', () => {
  it('partially fills a maker and reports what both have left', () => {
    const book = bookWith(limit(1, ALICE, 'sell', 100, 10));
    expect(book.apply(limit(2, BOB, 'buy', 100, 4))).toEqual([
      { type: 'accepted', orderId: 2 },
      {
        type: 'trade',
        sequence: 1,
        takerOrderId: 2,
        makerOrderId: 1,
        takerOwnerId: BOB,
        makerOwnerId: ALICE,
        takerSide: 'buy',
        priceTicks: 100,
        quantityLots: 4,
        makerRemainingLots: 6,
        takerRemainingLots: 0,
      },
      { type: 'done', orderId: 2, reason: 'filled', remainingLots: 0 },
      { type: 'depth', side: 'sell', priceTicks: 100, totalLots: 6 },
    ]);
  });

  it('rests what a limit order could not fill, after its trades', () => {
    const book = bookWith(limit(1, ALICE, 'sell', 100, 3));
    expect(book.apply(limit(2, BOB, 'buy', 101, 5))).toEqual([
      { type: 'accepted', orderId: 2 },
      expect.objectContaining({ type: 'trade', makerOrderId: 1, quantityLots: 3, takerRemainingLots: 2 }),
      { type: 'done', orderId: 1, reason: 'filled', remainingLots: 0 },
      { type: 'rested', orderId: 2, side: 'buy', priceTicks: 101, remainingLots: 2 },
      { type: 'depth', side: 'sell', priceTicks: 100, totalLots: 0 },
      { type: 'depth', side: 'buy', priceTicks: 101, totalLots: 2 },
    ]);
    expect([book.bestBid(), book.bestAsk()]).toEqual([101, undefined]);
  });

  it('sweeps several levels up to its limit price and no further', () => {
    const book = bookWith(
      limit(1, ALICE, 'sell', 100, 2),
      limit(2, ALICE, 'sell', 101, 2),
      limit(3, BOB, 'sell', 101, 2),
      limit(4, BOB, 'sell', 103, 2),
    );
    const events = book.apply(limit(5, CAROL, 'buy', 102, 10));
    expect(eventTypes(events)).toEqual([
      'accepted',
      'trade',
      'done filled',
      'trade',
      'done filled',
      'trade',
      'done filled',
      'rested',
      'depth',
      'depth',
      'depth',
    ]);
    expect(events.filter((event) => event.type === 'depth')).toEqual([
      { type: 'depth', side: 'sell', priceTicks: 100, totalLots: 0 },
      { type: 'depth', side: 'sell', priceTicks: 101, totalLots: 0 },
      { type: 'depth', side: 'buy', priceTicks: 102, totalLots: 4 },
    ]);
    expect(book.depth(5)).toEqual({ bids: [[102, 4]], asks: [[103, 2]] });
  });

  it('sweeps a sell down to its limit price and no further', () => {
    const book = bookWith(
      limit(1, ALICE, 'buy', 100, 2),
      limit(2, ALICE, 'buy', 99, 2),
      limit(3, BOB, 'buy', 98, 2),
    );
    const events = book.apply(limit(4, CAROL, 'sell', 99, 10));
    expect(trades(events).map((trade) => [trade.makerOrderId, trade.priceTicks])).toEqual([
      [1, 100],
      [2, 99],
    ]);
    expect(book.depth(5)).toEqual({ bids: [[98, 2]], asks: [[99, 6]] });
  });

  it('numbers trades consecutively from firstTradeSequence, across commands', () => {
    const book = new OrderBook({ firstTradeSequence: 41 });
    book.apply(limit(1, ALICE, 'sell', 100, 1));
    book.apply(limit(2, ALICE, 'sell', 101, 1));
    book.apply(limit(3, ALICE, 'sell', 102, 1));
    const first = trades(book.apply(market(4, BOB, 'buy', 2)));
    const second = trades(book.apply(market(5, BOB, 'buy', 1)));
    expect([...first, ...second].map((trade) => trade.sequence)).toEqual([41, 42, 43]);
    expect(trades(new OrderBook().apply(limit(9, BOB, 'buy', 1, 1)))).toEqual([]);
  });

  it('starts trade sequences at 1 by default and refuses a first sequence that is not a positive safe integer', () => {
    const book = bookWith(limit(1, ALICE, 'sell', 100, 1));
    expect(trades(book.apply(market(2, BOB, 'buy', 1)))[0]?.sequence).toBe(1);
    for (const firstTradeSequence of [0, -1, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 1]) {
      expect(() => new OrderBook({ firstTradeSequence })).toThrow(
        new RangeError(`firstTradeSequence must be a positive safe integer, got ${firstTradeSequence}`),
      );
    }
  });
});

describe('time in force', () => {
  it('expires what an IOC order could not fill', () => {
    const book = bookWith(limit(1, ALICE, 'sell', 100, 3));
    const events = book.apply(limit(2, BOB, 'buy', 100, 5, { timeInForce: 'IOC' }));
    expect(eventTypes(events)).toEqual(['accepted', 'trade', 'done filled', 'done expired', 'depth']);
    expect(events[3]).toEqual({ type: 'done', orderId: 2, reason: 'expired', remainingLots: 2 });
    expect(book.size()).toBe(0);
  });

  it('expires an IOC order that crosses nothing without touching the book', () => {
    const book = new OrderBook();
    expect(book.apply(limit(1, ALICE, 'buy', 100, 5, { timeInForce: 'IOC' }))).toEqual([
      { type: 'accepted', orderId: 1 },
      { type: 'done', orderId: 1, reason: 'expired', remainingLots: 5 },
    ]);
  });

  it('rejects a FOK order it cannot fill whole, and changes nothing', () => {
    const book = bookWith(limit(1, ALICE, 'sell', 100, 3), limit(2, ALICE, 'sell', 102, 3));
    expect(book.apply(limit(3, BOB, 'buy', 101, 4, { timeInForce: 'FOK' }))).toEqual([
      { type: 'rejected', orderId: 3, reason: 'fok-unfillable' },
    ]);
    expect(book.depth(5).asks).toEqual([
      [100, 3],
      [102, 3],
    ]);
    // No sequence number was used up by the check.
    expect(trades(book.apply(market(4, BOB, 'buy', 1)))[0]?.sequence).toBe(1);
  });

  it('fills a FOK order that the book can fill, across levels', () => {
    const book = bookWith(limit(1, ALICE, 'sell', 100, 3), limit(2, ALICE, 'sell', 102, 3));
    const events = book.apply(limit(3, BOB, 'buy', 102, 6, { timeInForce: 'FOK' }));
    expect(trades(events).map((trade) => trade.quantityLots)).toEqual([3, 3]);
    expect(events).toContainEqual({ type: 'done', orderId: 3, reason: 'filled', remainingLots: 0 });
    expect(book.size()).toBe(0);
  });

  it('counts only what self-trade prevention lets a FOK order take', () => {
    const book = bookWith(limit(1, ALICE, 'sell', 100, 3), limit(2, BOB, 'sell', 100, 3));
    expect(
      book.apply(limit(3, ALICE, 'buy', 100, 3, { timeInForce: 'FOK', selfTrade: 'cancel-taker' })),
    ).toEqual([{ type: 'rejected', orderId: 3, reason: 'fok-unfillable' }]);
    expect(
      book.apply(limit(4, ALICE, 'buy', 100, 4, { timeInForce: 'FOK', selfTrade: 'cancel-maker' })),
    ).toEqual([{ type: 'rejected', orderId: 4, reason: 'fok-unfillable' }]);
    expect(book.order(1)?.remainingLots).toBe(3);
    const events = book.apply(
      limit(5, ALICE, 'buy', 100, 3, { timeInForce: 'FOK', selfTrade: 'cancel-maker' }),
    );
    expect(eventTypes(events)).toEqual([
      'accepted',
      'done self-trade',
      'trade',
      'done filled',
      'done filled',
      'depth',
    ]);
  });
});

describe('post-only', () => {
  it('rejects a post-only order that would take, leaving the book alone', () => {
    const book = bookWith(limit(1, ALICE, 'sell', 100, 3));
    expect(book.apply(limit(2, BOB, 'buy', 100, 1, { postOnly: true }))).toEqual([
      { type: 'rejected', orderId: 2, reason: 'post-only-would-take' },
    ]);
    expect(book.order(1)?.remainingLots).toBe(3);
  });

  it('rests a post-only order that does not cross', () => {
    const book = bookWith(limit(1, ALICE, 'sell', 100, 3));
    expect(eventTypes(book.apply(limit(2, BOB, 'buy', 99, 1, { postOnly: true })))).toEqual([
      'accepted',
      'rested',
      'depth',
    ]);
  });

  it('does not apply to market orders, whatever price they carry', () => {
    const book = bookWith(limit(1, ALICE, 'sell', 100, 3));
    expect(trades(book.apply(market(2, BOB, 'buy', 1, { postOnly: true })))).toHaveLength(1);
    expect(trades(book.apply(market(3, BOB, 'buy', 1, { postOnly: true, priceTicks: 100 })))).toHaveLength(1);
  });
});

describe('market orders', () => {
  it('expires whole when there is no liquidity', () => {
    const book = bookWith(limit(1, ALICE, 'buy', 100, 3));
    expect(book.apply(market(2, BOB, 'buy', 5))).toEqual([
      { type: 'accepted', orderId: 2 },
      { type: 'done', orderId: 2, reason: 'expired', remainingLots: 5 },
    ]);
  });

  it('takes at any price and never rests, even when sent as GTC', () => {
    const book = bookWith(limit(1, ALICE, 'buy', 100, 2), limit(2, ALICE, 'buy', 1, 2));
    const events = book.apply(market(3, BOB, 'sell', 10, { timeInForce: 'GTC', priceTicks: 500 }));
    expect(trades(events).map((trade) => trade.priceTicks)).toEqual([100, 1]);
    expect(events).toContainEqual({ type: 'done', orderId: 3, reason: 'expired', remainingLots: 6 });
    expect(book.size()).toBe(0);
  });

  it('spends no more than its budget, taking floor(budget / price) lots at a level', () => {
    const book = bookWith(limit(1, ALICE, 'sell', 100, 5), limit(2, ALICE, 'sell', 110, 5));
    const events = book.apply(market(3, BOB, 'buy', 20, { maxQuoteTicksLots: 750 }));
    expect(trades(events).map((trade) => [trade.priceTicks, trade.quantityLots])).toEqual([
      [100, 5],
      [110, 2],
    ]);
    expect(events).toContainEqual({ type: 'done', orderId: 3, reason: 'expired', remainingLots: 13 });
    expect(book.order(2)?.remainingLots).toBe(3);
  });

  it('fills whole when the budget is enough', () => {
    const book = bookWith(limit(1, ALICE, 'sell', 100, 5));
    const events = book.apply(market(2, BOB, 'buy', 5, { maxQuoteTicksLots: 500 }));
    expect(events).toContainEqual({ type: 'done', orderId: 2, reason: 'filled', remainingLots: 0 });
  });

  it('expires untouched when the budget cannot buy one lot', () => {
    const book = bookWith(limit(1, ALICE, 'sell', 100, 5));
    expect(book.apply(market(2, BOB, 'buy', 5, { maxQuoteTicksLots: 99 }))).toEqual([
      { type: 'accepted', orderId: 2 },
      { type: 'done', orderId: 2, reason: 'expired', remainingLots: 5 },
    ]);
  });

  it('holds a FOK market buy to its budget', () => {
    const book = bookWith(limit(1, ALICE, 'sell', 100, 5));
    expect(book.apply(market(2, BOB, 'buy', 5, { maxQuoteTicksLots: 499, timeInForce: 'FOK' }))).toEqual([
      { type: 'rejected', orderId: 2, reason: 'fok-unfillable' },
    ]);
  });

  it('checks the budget before self-trade prevention: an unaffordable level stops it first', () => {
    const book = bookWith(limit(1, ALICE, 'sell', 100, 5), limit(2, BOB, 'sell', 100, 5));
    expect(
      book.apply(market(3, ALICE, 'buy', 5, { maxQuoteTicksLots: 99, selfTrade: 'cancel-maker' })),
    ).toEqual([
      { type: 'accepted', orderId: 3 },
      { type: 'done', orderId: 3, reason: 'expired', remainingLots: 5 },
    ]);
    expect(book.size()).toBe(2);
  });

  it('holds only market buys to a budget: a limit buy that crosses fills whole whatever budget it carries', () => {
    const book = bookWith(limit(1, ALICE, 'sell', 100, 5));
    const events = book.apply(limit(2, BOB, 'buy', 100, 5, { maxQuoteTicksLots: 100 }));
    expect(trades(events).map((trade) => trade.quantityLots)).toEqual([5]);
    expect(events).toContainEqual({ type: 'done', orderId: 2, reason: 'filled', remainingLots: 0 });
  });

  it('ignores a budget on a sell', () => {
    const book = bookWith(limit(1, ALICE, 'buy', 100, 5));
    const events = book.apply(market(2, BOB, 'sell', 5, { maxQuoteTicksLots: 1 }));
    expect(events).toContainEqual({ type: 'done', orderId: 2, reason: 'filled', remainingLots: 0 });
  });
});

describe('self-trade prevention', () => {
  /** Alice's own ask sits between Bob's two asks in time. */
  function bookWithOwnOrderInTheWay(): OrderBook {
    return bookWith(
      limit(1, BOB, 'sell', 100, 2),
      limit(2, ALICE, 'sell', 100, 2),
      limit(3, BOB, 'sell', 100, 2),
    );
  }

  it('cancel-taker stops the taker at its own order and leaves that order resting', () => {
    const book = bookWithOwnOrderInTheWay();
    const events = book.apply(limit(4, ALICE, 'buy', 100, 5, { selfTrade: 'cancel-taker' }));
    expect(eventTypes(events)).toEqual(['accepted', 'trade', 'done filled', 'done self-trade', 'depth']);
    expect(events[3]).toEqual({ type: 'done', orderId: 4, reason: 'self-trade', remainingLots: 3 });
    expect(book.order(2)?.remainingLots).toBe(2);
    expect(book.order(4)).toBeUndefined();
  });

  it('cancel-maker cancels the own resting order and keeps matching', () => {
    const book = bookWithOwnOrderInTheWay();
    const events = book.apply(limit(4, ALICE, 'buy', 100, 5, { selfTrade: 'cancel-maker' }));
    expect(eventTypes(events)).toEqual([
      'accepted',
      'trade',
      'done filled',
      'done self-trade',
      'trade',
      'done filled',
      'rested',
      'depth',
      'depth',
    ]);
    expect(events[3]).toEqual({ type: 'done', orderId: 2, reason: 'self-trade', remainingLots: 2 });
    expect(events[6]).toEqual({ type: 'rested', orderId: 4, side: 'buy', priceTicks: 100, remainingLots: 1 });
  });

  it('cancel-both cancels the own resting order and stops the taker', () => {
    const book = bookWithOwnOrderInTheWay();
    const events = book.apply(limit(4, ALICE, 'buy', 100, 5, { selfTrade: 'cancel-both' }));
    expect(eventTypes(events)).toEqual([
      'accepted',
      'trade',
      'done filled',
      'done self-trade',
      'done self-trade',
      'depth',
    ]);
    expect(events[3]).toEqual({ type: 'done', orderId: 2, reason: 'self-trade', remainingLots: 2 });
    expect(events[4]).toEqual({ type: 'done', orderId: 4, reason: 'self-trade', remainingLots: 3 });
    expect(events[5]).toEqual({ type: 'depth', side: 'sell', priceTicks: 100, totalLots: 2 });
    expect(book.order(3)?.remainingLots).toBe(2);
  });

  it('applies to market orders too', () => {
    const book = bookWith(limit(1, ALICE, 'buy', 100, 2));
    expect(eventTypes(book.apply(market(2, ALICE, 'sell', 1, { selfTrade: 'cancel-taker' })))).toEqual([
      'accepted',
      'done self-trade',
    ]);
  });

  it('lets different owners trade', () => {
    const book = bookWith(limit(1, ALICE, 'buy', 100, 2));
    expect(trades(book.apply(market(2, BOB, 'sell', 1, { selfTrade: 'cancel-both' })))).toHaveLength(1);
  });
});

describe('cancel', () => {
  it('cancels a resting order with what it had left, and reports its level', () => {
    const book = bookWith(limit(1, ALICE, 'sell', 100, 5), limit(2, BOB, 'sell', 100, 5));
    book.apply(market(3, CAROL, 'buy', 2));
    expect(book.apply(cancel(1))).toEqual([
      { type: 'done', orderId: 1, reason: 'cancelled', remainingLots: 3 },
      { type: 'depth', side: 'sell', priceTicks: 100, totalLots: 5 },
    ]);
    expect(book.apply(cancel(2))).toEqual([
      { type: 'done', orderId: 2, reason: 'cancelled', remainingLots: 5 },
      { type: 'depth', side: 'sell', priceTicks: 100, totalLots: 0 },
    ]);
    expect([book.size(), book.bestAsk()]).toEqual([0, undefined]);
  });

  it('cancels from the middle of a queue without disturbing the others', () => {
    const book = bookWith(
      limit(1, ALICE, 'buy', 100, 1),
      limit(2, BOB, 'buy', 100, 2),
      limit(3, CAROL, 'buy', 100, 3),
    );
    book.apply(cancel(2));
    const fills = trades(book.apply(market(4, BOB, 'sell', 4)));
    expect(fills.map((trade) => trade.makerOrderId)).toEqual([1, 3]);
    book.checkIntegrity();
  });

  it('rejects an unknown order, and an order already cancelled or filled', () => {
    const book = bookWith(limit(1, ALICE, 'sell', 100, 1), limit(2, ALICE, 'sell', 100, 1));
    book.apply(cancel(1));
    book.apply(market(3, BOB, 'buy', 1));
    for (const orderId of [1, 2, 3, 99]) {
      expect(book.apply(cancel(orderId))).toEqual([{ type: 'rejected', orderId, reason: 'unknown-order' }]);
    }
  });
});

describe('order ids', () => {
  it('rejects an id that is resting in the book', () => {
    const book = bookWith(limit(1, ALICE, 'buy', 100, 5));
    expect(book.apply(limit(1, BOB, 'sell', 200, 5))).toEqual([
      { type: 'rejected', orderId: 1, reason: 'duplicate-order-id' },
    ]);
    expect(book.apply(market(1, BOB, 'sell', 1))).toEqual([
      { type: 'rejected', orderId: 1, reason: 'duplicate-order-id' },
    ]);
  });

  it('only knows the orders it holds: an id that left the book is free again', () => {
    const book = bookWith(limit(1, ALICE, 'buy', 100, 5));
    book.apply(cancel(1));
    expect(eventTypes(book.apply(limit(1, ALICE, 'buy', 100, 5)))).toEqual(['accepted', 'rested', 'depth']);
  });
});

describe('invalid input', () => {
  const valid = limit(7, ALICE, 'buy', 100, 5);
  const cases: [string, Record<string, unknown>][] = [
    ['zero quantity', { quantityLots: 0 }],
    ['negative quantity', { quantityLots: -1 }],
    ['fractional quantity', { quantityLots: 1.5 }],
    ['NaN quantity', { quantityLots: Number.NaN }],
    ['unsafe quantity', { quantityLots: Number.MAX_SAFE_INTEGER + 1 }],
    ['quantity as a string', { quantityLots: '5' }],
    ['missing limit price', { priceTicks: undefined }],
    ['zero price', { priceTicks: 0 }],
    ['negative price', { priceTicks: -100 }],
    ['fractional price', { priceTicks: 100.5 }],
    ['infinite price', { priceTicks: Number.POSITIVE_INFINITY }],
    ['zero order id', { orderId: 0 }],
    ['fractional order id', { orderId: 7.5 }],
    ['zero owner', { ownerId: 0 }],
    ['unknown side', { side: 'long' }],
    ['unknown kind', { kind: 'stop' }],
    ['unknown time in force', { timeInForce: 'DAY' }],
    ['unknown self-trade mode', { selfTrade: 'allow' }],
    ['post-only not a boolean', { postOnly: 'true' }],
  ];

  it.each(cases)('rejects %s', (_, corruption) => {
    const book = bookWith(limit(1, BOB, 'sell', 100, 5));
    const command = { ...valid, ...corruption } as PlaceCommand;
    expect(book.apply(command)).toEqual([{ type: 'rejected', orderId: command.orderId, reason: 'invalid' }]);
    expect(book.size()).toBe(1);
  });

  it.each([
    ['zero', 0],
    ['fractional', 10.5],
    ['negative', -10],
  ])('rejects a market buy with a %s budget', (_, maxQuoteTicksLots) => {
    expect(new OrderBook().apply(market(1, ALICE, 'buy', 1, { maxQuoteTicksLots }))).toEqual([
      { type: 'rejected', orderId: 1, reason: 'invalid' },
    ]);
  });

  it('ignores the fields a kind of order does not use', () => {
    const book = new OrderBook();
    const withBadBudget = book.apply(limit(1, ALICE, 'buy', 100, 1, { maxQuoteTicksLots: -1 }));
    expect(eventTypes(withBadBudget)).toEqual(['accepted', 'rested', 'depth']);
    const withBadPrice = book.apply(
      market(2, ALICE, 'sell', 1, { priceTicks: -5, selfTrade: 'cancel-maker' }),
    );
    expect(eventTypes(withBadPrice)).toEqual(['accepted', 'done self-trade', 'done expired', 'depth']);
    // A budget that no buy could carry, on a sell, which has no budget.
    const withBadBudgetOnASell = book.apply(market(3, BOB, 'sell', 1, { maxQuoteTicksLots: -1 }));
    expect(eventTypes(withBadBudgetOnASell)).toEqual(['accepted', 'done expired']);
  });

  it('refuses a resting order that would push its level total past the safe-integer limit', () => {
    const book = bookWith(limit(1, ALICE, 'sell', 100, Number.MAX_SAFE_INTEGER - 10));
    expect(book.apply(limit(2, BOB, 'sell', 100, 11))).toEqual([
      { type: 'rejected', orderId: 2, reason: 'invalid' },
    ]);
    expect(eventTypes(book.apply(limit(3, BOB, 'sell', 100, 10)))).toEqual(['accepted', 'rested', 'depth']);
    expect(book.depth(1).asks).toEqual([[100, Number.MAX_SAFE_INTEGER]]);
    // An order that cannot rest cannot overflow a level: a huge IOC is fine, and so is a market order sent as
    // GTC with the level's price in the field it ignores.
    expect(eventTypes(book.apply(limit(4, CAROL, 'sell', 100, 50, { timeInForce: 'IOC' })))).toEqual([
      'accepted',
      'done expired',
    ]);
    expect(
      eventTypes(book.apply(market(5, CAROL, 'sell', 50, { timeInForce: 'GTC', priceTicks: 100 }))),
    ).toEqual(['accepted', 'done expired']);
  });

  it('rejects a command of an unknown type', () => {
    const command = { type: 'amend', orderId: 5 } as unknown as CancelCommand;
    expect(new OrderBook().apply(command)).toEqual([{ type: 'rejected', orderId: 5, reason: 'invalid' }]);
  });
});

describe('depth events', () => {
  it('come once per changed level, after every other event, opposite side best first then the resting level', () => {
    const book = bookWith(
      limit(1, ALICE, 'buy', 100, 1),
      limit(2, BOB, 'buy', 100, 1),
      limit(3, ALICE, 'buy', 99, 1),
      limit(4, BOB, 'buy', 98, 5),
    );
    const events = book.apply(limit(5, CAROL, 'sell', 98, 5));
    const firstDepth = events.findIndex((event) => event.type === 'depth');
    expect(events.slice(firstDepth).every((event) => event.type === 'depth')).toBe(true);
    expect(events.slice(firstDepth)).toEqual([
      { type: 'depth', side: 'buy', priceTicks: 100, totalLots: 0 },
      { type: 'depth', side: 'buy', priceTicks: 99, totalLots: 0 },
      { type: 'depth', side: 'buy', priceTicks: 98, totalLots: 3 },
    ]);
  });

  it('are those of the command alone, however many levels the command before it changed', () => {
    const book = bookWith(
      limit(1, ALICE, 'sell', 100, 1),
      limit(2, ALICE, 'sell', 101, 1),
      limit(3, ALICE, 'sell', 102, 1),
      limit(4, ALICE, 'sell', 103, 2),
    );
    const depthOf = (events: EngineEvent[]) => events.filter((event) => event.type === 'depth');
    expect(depthOf(book.apply(market(5, BOB, 'buy', 3)))).toEqual([
      { type: 'depth', side: 'sell', priceTicks: 100, totalLots: 0 },
      { type: 'depth', side: 'sell', priceTicks: 101, totalLots: 0 },
      { type: 'depth', side: 'sell', priceTicks: 102, totalLots: 0 },
    ]);
    expect(depthOf(book.apply(market(6, BOB, 'buy', 1)))).toEqual([
      { type: 'depth', side: 'sell', priceTicks: 103, totalLots: 1 },
    ]);
  });

  it('are not emitted for rejected commands', () => {
    const book = bookWith(limit(1, ALICE, 'buy', 100, 1));
    expect(book.apply(limit(2, BOB, 'sell', 100, 5, { timeInForce: 'FOK' }))).toHaveLength(1);
  });
});

describe('restore', () => {
  it('rebuilds the book silently, keeping the given time order', () => {
    const book = new OrderBook();
    book.restore({ orderId: 10, ownerId: ALICE, side: 'sell', priceTicks: 100, remainingLots: 2 });
    book.restore({ orderId: 5, ownerId: BOB, side: 'sell', priceTicks: 100, remainingLots: 3 });
    book.restore({ orderId: 7, ownerId: BOB, side: 'buy', priceTicks: 90, remainingLots: 4 });
    expect(book.depth(5)).toEqual({ bids: [[90, 4]], asks: [[100, 5]] });
    const events = book.apply(market(11, CAROL, 'buy', 3));
    expect(trades(events).map((trade) => [trade.makerOrderId, trade.quantityLots])).toEqual([
      [10, 2],
      [5, 1],
    ]);
    expect(book.order(7)).toEqual({
      orderId: 7,
      ownerId: BOB,
      side: 'buy',
      priceTicks: 90,
      remainingLots: 4,
    });
  });

  it('refuses data no correct run could have written', () => {
    const book = new OrderBook();
    book.restore({ orderId: 1, ownerId: ALICE, side: 'sell', priceTicks: 100, remainingLots: 2 });
    const order = { orderId: 2, ownerId: ALICE, side: 'buy' as const, priceTicks: 90, remainingLots: 1 };
    expect(() => book.restore({ ...order, orderId: 1 })).toThrow(/twice/);
    expect(() => book.restore({ ...order, priceTicks: 100 })).toThrow(/cross/);
    expect(() => book.restore({ ...order, remainingLots: 0 })).toThrow(/invalid/);
    expect(() => book.restore({ ...order, priceTicks: 1.5 })).toThrow(/invalid/);
    book.restore({ ...order, remainingLots: Number.MAX_SAFE_INTEGER });
    expect(() => book.restore({ ...order, orderId: 3 })).toThrow(/overflow/);
    expect(book.size()).toBe(2);
  });

  it("refuses every field that is not what the book stores, and an order at the other side's best price", () => {
    const book = new OrderBook();
    book.restore({ orderId: 1, ownerId: ALICE, side: 'sell', priceTicks: 100, remainingLots: 2 });
    book.restore({ orderId: 2, ownerId: ALICE, side: 'buy', priceTicks: 90, remainingLots: 2 });
    const order = { orderId: 3, ownerId: BOB, side: 'buy' as Side, priceTicks: 95, remainingLots: 1 };
    const invalid: Record<string, unknown>[] = [
      { orderId: 0 },
      { orderId: -3 },
      { orderId: 3.5 },
      { orderId: '3' },
      { ownerId: 0 },
      { ownerId: Number.MAX_SAFE_INTEGER + 1 },
      { ownerId: undefined },
      { side: 'up' },
      { side: undefined },
      { priceTicks: 0 },
      { priceTicks: Number.NaN },
      { priceTicks: '95' },
      { remainingLots: -1 },
      { remainingLots: Number.POSITIVE_INFINITY },
    ];
    for (const fields of invalid)
      expect(() => book.restore({ ...order, ...fields }), JSON.stringify(fields)).toThrow(/invalid/);
    // At the other side's best price the order would have traded: no correct run left it resting.
    expect(() => book.restore({ ...order, side: 'sell', priceTicks: 90 })).toThrow(/cross/);
    expect(() => book.restore({ ...order, priceTicks: 100 })).toThrow(/cross/);
    expect(book.size()).toBe(2);
    // A tick inside the spread, it rests.
    book.restore({ ...order, priceTicks: 99 });
    expect(() => book.restore({ ...order, orderId: 4, side: 'sell', priceTicks: 99 })).toThrow(/cross/);
    book.restore({ ...order, orderId: 4, side: 'sell', priceTicks: 100 });
    expect(book.depth(1)).toEqual({ bids: [[99, 1]], asks: [[100, 3]] });
  });
});

describe('the crossed-book check kept on in production', () => {
  // A bid at or above the best ask is a bug in matching, which no command produces while matching is right:
  // these tests break the book behind the engine's back, as such a bug would.
  type Internals = {
    rest(orderId: number, ownerId: number, side: Side, priceTicks: number, lots: number): unknown;
    takeLiquidity(
      command: PlaceCommand,
      events: EngineEvent[],
      execute: boolean,
    ): { remainingLots: number; stoppedBySelfTrade: boolean };
  };

  it('stops a taker that matching left resting across the book, at the same price too', () => {
    const book = bookWith(limit(1, ALICE, 'sell', 100, 1));
    // Matching that took nothing from a level it should have traded with.
    (book as unknown as Internals).takeLiquidity = () => ({ remainingLots: 2, stoppedBySelfTrade: false });
    expect(() => book.apply(limit(2, BOB, 'buy', 100, 2))).toThrow(
      'crossed book, best bid 100 >= best ask 100',
    );
  });

  it('stops a FOK order that its check passed but matching did not fill, rather than half-fill it', () => {
    const book = bookWith(limit(1, ALICE, 'sell', 100, 2));
    const internals = book as unknown as Internals;
    const take = internals.takeLiquidity.bind(book);
    // Matching that disagrees with the dry run of the FOK check.
    internals.takeLiquidity = (command, events, execute) =>
      execute ? { remainingLots: 1, stoppedBySelfTrade: false } : take(command, events, execute);
    expect(() => book.apply(limit(2, BOB, 'buy', 100, 2, { timeInForce: 'FOK' }))).toThrow(
      'FOK order 2 passed its check but did not fill',
    );
  });

  it('finds a crossed book in the integrity walk, and passes a book a tick apart', () => {
    for (const bidTicks of [100, 101]) {
      const book = bookWith(limit(1, ALICE, 'sell', 100, 1));
      (book as unknown as Internals).rest(2, BOB, 'buy', bidTicks, 1);
      expect(() => book.checkIntegrity()).toThrow(`crossed book, best bid ${bidTicks} >= best ask 100`);
    }
    const book = bookWith(limit(1, ALICE, 'sell', 100, 1));
    (book as unknown as Internals).rest(2, BOB, 'buy', 99, 1);
    book.checkIntegrity();
  });
});

describe('the integrity walk', () => {
  // Each case breaks one invariant behind the engine's back, as a bug would, and the walk must name it.
  type SideInternals = {
    levels: { chunks: PriceLevel[][]; levelCount: number };
    levelsByPrice: Map<number, PriceLevel>;
    levelFor(priceTicks: number): PriceLevel;
  };
  type Internals = {
    bids: SideInternals;
    asks: SideInternals;
    ordersById: { set(orderId: number, order: RestingOrder): void; delete(orderId: number): boolean };
  };

  /** Bids 99 (orders 1 and 2) and 98 (order 3), an ask at 101 (order 4), and the parts to break. */
  function healthyBook() {
    const book = bookWith(
      limit(1, ALICE, 'buy', 99, 2),
      limit(2, BOB, 'buy', 99, 3),
      limit(3, CAROL, 'buy', 98, 1),
      limit(4, ALICE, 'sell', 101, 5),
    );
    const internals = book as unknown as Internals;
    const level = (side: SideInternals, priceTicks: number) =>
      side.levelsByPrice.get(priceTicks) as PriceLevel;
    const bid99 = level(internals.bids, 99);
    const [first, second] = [bid99.head as RestingOrder, bid99.tail as RestingOrder];
    return {
      book,
      internals,
      bid99,
      bid98: level(internals.bids, 98),
      ask101: level(internals.asks, 101),
      first,
      second,
    };
  }

  const cases: [string, (parts: ReturnType<typeof healthyBook>) => void, string][] = [
    [
      'an order missing from the index',
      (p) => p.internals.ordersById.delete(2),
      'buy level 99 unindexed order',
    ],
    [
      'an indexed order in no level',
      (p) => p.internals.ordersById.set(9, p.first),
      '4 orders in levels, 5 indexed',
    ],
    ['a level total off by a lot', (p) => (p.bid99.totalLots += 1), 'buy level 99 totals'],
    ['a level count off by an order', (p) => (p.bid99.orderCount -= 1), 'buy level 99 totals'],
    ['an ask level total off', (p) => (p.ask101.totalLots -= 1), 'sell level 101 totals'],
    ['a broken back link', (p) => (p.second.prev = undefined), 'buy level 99 broken links'],
    [
      'an order pointing at another level',
      (p) => Object.assign(p.bid98.head as RestingOrder, { level: p.bid99 }),
      'buy level 98 broken links',
    ],
    [
      'an order with nothing left',
      (p) => {
        p.first.remainingLots = 0;
        p.bid99.totalLots -= 2;
      },
      'buy level 99 empty order',
    ],
    ['a tail that is not the last order', (p) => (p.bid99.tail = p.first), 'buy level 99 empty or bad tail'],
    [
      'an empty level left in the side',
      (p) => p.internals.bids.levelFor(97),
      'buy level 97 empty or bad tail',
    ],
    ['a side miscounting its levels', (p) => (p.internals.bids.levels.levelCount += 1), 'buy level count'],
    [
      'levels out of price order',
      (p) => p.internals.bids.levels.chunks[0]?.reverse(),
      'buy levels out of order at 99',
    ],
    [
      'a level missing from the price map',
      (p) => p.internals.bids.levelsByPrice.delete(98),
      'buy level 98 not indexed',
    ],
  ];

  it('passes a healthy book, both sides and several orders a level', () => {
    healthyBook().book.checkIntegrity();
  });

  it.each(cases)('finds %s', (_, breakIt, message) => {
    const parts = healthyBook();
    breakIt(parts);
    expect(() => parts.book.checkIntegrity()).toThrow(new Error(`book integrity: ${message}`));
  });
});

describe('determinism', () => {
  it('produces exactly the same events for the same commands', () => {
    const run = () => {
      const { restored, commands } = randomCommandStream(7, 3_000);
      const book = new OrderBook({ firstTradeSequence: 100 });
      for (const order of restored) book.restore(order);
      const events = commands.map((command) => book.apply(command));
      // Thousands of random commands leave a book the integrity walk passes.
      book.checkIntegrity();
      return events;
    };
    expect(run()).toEqual(run());
  });
});
