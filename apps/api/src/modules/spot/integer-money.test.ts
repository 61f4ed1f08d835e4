import { describe, expect, it } from 'vitest';
import { mulberry32, pick, randomInt } from '@exchange/engine/prng';
import { formatScaled, Money, parseScaled } from '@exchange/kernel/ledger';
import {
  DecimalBatch,
  DecimalMarket,
  decimalMarketBuyBudget,
  decimalTradeFees,
} from '../../../../../test/decimal-spot-batch';
import { tradeFees } from './fees';
import { Market } from './live-market';
import { fillOf, lotsToAmount, ticksToPrice, type Pair } from './pairs';
import { BatchFunds, BatchState, ticketOrder } from './settle-batch';

/**
 * The matcher's money is scaled integers (ledger/scaled.ts); it was decimal.js. These differential tests run
 * the integer code and the decimal reference (the arithmetic as it was: test/decimal-spot-batch.ts) on the same random pairs,
 * books, balances and orders, and require every trade, fee, balance movement and order field to come out
 * identical, to the last digit.
 */

const FEE_RATES = [
  '0',
  '0.001',
  '0.002',
  '0.0025',
  '0.000000000000000001',
  '0.123456789012345678',
  '0.5',
  // A rate of 100 % or more: the fee is capped at what the side receives.
  '1',
  '1.5',
];

function randomPair(random: () => number, id: number): Pair {
  const priceDecimals = randomInt(random, 0, 8);
  const amountDecimals = randomInt(random, 0, Math.min(8, 16 - priceDecimals));
  return {
    id,
    legal_id: 1,
    currency_id: 2,
    price_decimals: priceDecimals,
    amount_decimals: amountDecimals,
    maker_fee: new Money(pick(random, FEE_RATES)),
    taker_fee: new Money(pick(random, FEE_RATES)),
    legal: { id: 1, name: 'Q', decimal_scale: randomInt(random, 0, 18) },
    currency: { id: 2, name: 'B', decimal_scale: randomInt(random, amountDecimals, 18) },
  } as unknown as Pair;
}

/** A random amount with up to `decimals` places (a balance, a price beyond the asks). */
function randomDecimal(random: () => number, whole: number, decimals: number): string {
  const fraction = Array.from({ length: randomInt(random, 0, decimals) }, () => randomInt(random, 0, 9)).join(
    '',
  );
  return `${randomInt(random, 0, whole)}${fraction ? `.${fraction}` : ''}`;
}

describe('integer money in the matcher, against the decimal reference', () => {
  it('prices every fill and its fees identically, rounding edges and capped fees included', () => {
    const random = mulberry32(24);
    let fills = 0;
    let capped = 0;
    let onRoundingEdge = 0;
    for (let pairIndex = 0; pairIndex < 200; pairIndex += 1) {
      const pair = randomPair(random, pairIndex + 1);
      for (let index = 0; index < 100; index += 1) {
        // Small lots on a coarse grid land exactly on a currency's last place; large ones do not.
        const ticks = randomInt(random, 1, pick(random, [9, 1_000, 1_000_000_000]));
        const lots = randomInt(random, 1, pick(random, [9, 1_000, 1_000_000]));
        const buyerIsTaker = random() < 0.5;
        const price = ticksToPrice(pair, ticks);
        const amount = lotsToAmount(pair, lots);
        const quote = price.times(amount);
        const expected = decimalTradeFees(pair, amount, quote, buyerIsTaker);
        const fill = fillOf(pair, ticks, lots);
        const fees = tradeFees(pair, { amount: fill.amount, quote: fill.quote, buyerIsTaker });
        expect(
          [fill.price, fill.amount, fill.quote, fees.buyerFee, fees.sellerFee].map((value) =>
            formatScaled(value),
          ),
        ).toEqual(
          [price, amount, quote, expected.buyerFee, expected.sellerFee].map((value) => value.toFixed()),
        );
        fills += 1;
        if (expected.buyerFee.eq(amount) || expected.sellerFee.eq(quote)) capped += 1;
        const rate = new Money((buyerIsTaker ? pair.taker_fee : pair.maker_fee).toFixed());
        if (amount.times(rate).decimalPlaces() === pair.currency.decimal_scale) onRoundingEdge += 1;
      }
    }
    expect(fills).toBe(20_000);
    expect(capped).toBeGreaterThan(1_000);
    expect(onRoundingEdge).toBeGreaterThan(100);
  });
  it('estimates every market buy budget identically, within the asks and beyond them', () => {
    const random = mulberry32(7);
    let beyondAsks = 0;
    for (let pairIndex = 0; pairIndex < 100; pairIndex += 1) {
      const pair = randomPair(random, pairIndex + 1);
      const market = new Market(pair);
      const mid = randomInt(random, 50, 100_000);
      for (let level = 0; level < randomInt(random, 0, 30); level += 1)
        market.book.restore({
          orderId: level + 1,
          ownerId: 1,
          side: 'sell',
          priceTicks: mid + level * randomInt(random, 1, 20),
          remainingLots: randomInt(random, 1, 5_000),
        });
      for (let index = 0; index < 20; index += 1) {
        market.lastPrice = random() < 0.2 ? undefined : ticksToPrice(pair, randomInt(random, 1, 2 * mid));
        const amount = lotsToAmount(pair, randomInt(random, 1, pick(random, [100, 10_000, 200_000])));
        const expected = decimalMarketBuyBudget(pair, market.book, market.lastPrice, amount);
        const budget = market.marketBuyBudget(parseScaled(amount.toFixed()));
        expect(budget === undefined ? undefined : formatScaled(budget)).toBe(expected?.toFixed());
        if (
          expected &&
          amount.gt(
            market.book
              .depth(500)
              .asks.reduce((sum, [, lots]) => sum.plus(lotsToAmount(pair, lots)), new Money(0)),
          )
        )
          beyondAsks += 1;
      }
    }
    expect(beyondAsks).toBeGreaterThan(200);
  });

  it('settles random batches into identical trades, fees, movements and orders', () => {
    const random = mulberry32(2024);
    const counts = { batches: 0, orders: 0, trades: 0, movements: 0, refused: 0 };
    let orderId = 0;
    for (let pairIndex = 0; pairIndex < 60; pairIndex += 1) {
      const pair = randomPair(random, pairIndex + 1);
      const market = new Market(pair);
      const reference = new DecimalMarket(pair);
      const midTicks = randomInt(random, 20, 1_000_000);
      const maxLots = pick(random, [10, 1_000, 100_000]);
      const users = randomInt(random, 2, 12);
      // Each user's balances, as Postgres would hand them to a batch (some too small for their orders).
      const balances = new Map<string, string>();
      for (let user = 1; user <= users; user += 1)
        for (const currencyId of [pair.legal_id, pair.currency_id])
          balances.set(
            `${user}:${currencyId}`,
            randomDecimal(random, pick(random, [1, 1_000, 10 ** 12, 10 ** 15, 10 ** 15]), 18),
          );
      for (let batchIndex = 0; batchIndex < 25; batchIndex += 1) {
        const funds = new Map([...balances].map(([key, value]) => [key, parseScaled(value)]));
        const batch = new BatchState(market, new BatchFunds(funds));
        const referenceFunds = new Map([...balances].map(([key, value]) => [key, new Money(value)]));
        const expected = new DecimalBatch(reference, referenceFunds);
        for (let index = 0; index < 20; index += 1) {
          const resting = [...reference.resting.keys()];
          if (resting.length > 0 && random() < 0.15) {
            const id = pick(random, resting);
            batch.handle(market.book.apply({ type: 'cancel', orderId: Number(id) }));
            expected.cancel(id);
            continue;
          }
          orderId += 1;
          const side = random() < 0.5 ? 1 : 2;
          const kind = random() < 0.15 ? 'market' : 'limit';
          const priceTicks = midTicks + randomInt(random, -10, 10);
          const lots = randomInt(random, 1, maxLots);
          const timeInForce =
            kind === 'market' ? 'IOC' : pick(random, ['GTC', 'GTC', 'GTC', 'IOC', 'FOK'] as const);
          const postOnly = kind === 'limit' && random() < 0.05;
          const price = kind === 'market' ? null : ticksToPrice(pair, priceTicks);
          const amount = lotsToAmount(pair, lots);
          const shared = {
            id: String(orderId),
            userId: randomInt(random, 1, users),
            side,
            kind,
            timeInForce,
            postOnly,
          } as const;
          const ticket = {
            ...shared,
            matchId: pair.id,
            price: price === null ? null : price.toFixed(),
            amount: amount.toFixed(),
            createdAt: Date.now(),
          };
          const zero = new Money(0);
          batch.place(ticketOrder(ticket));
          expected.place({
            ...shared,
            price,
            amount,
            filled: zero,
            quoteFilled: zero,
            locked: zero,
            fee: zero,
            state: 'new',
          });
          counts.orders += 1;
        }
        const outcome = batch.outcome([]);
        expect(batch.trades.map((trade) => [trade.sequence, ...Object.values(trade.written)])).toEqual(
          expected.trades.map((trade) => [trade.sequence, ...trade.texts]),
        );
        expect(
          batch.funds
            .movements()
            .map((movement) => [
              movement.userId,
              movement.currencyId,
              movement.isLock,
              formatScaled(movement.delta),
              movement.type,
              movement.ref?.id,
            ]),
        ).toEqual(expected.movements());
        const orderFields = (
          id: string,
          order: { state: string } & Record<
            'filled' | 'quoteFilled' | 'locked' | 'fee',
            { toString(): string } | bigint
          >,
        ) => [
          id,
          order.state,
          ...[order.filled, order.quoteFilled, order.locked, order.fee].map((value) =>
            typeof value === 'bigint' ? formatScaled(value) : new Money(value.toString()).toFixed(),
          ),
        ];
        expect([...batch.orders].map(([id, order]) => orderFields(id, order))).toEqual(
          [...expected.orders].map(([id, order]) => orderFields(id, order)),
        );
        expect(
          outcome.results.map((result) => [result.orderId, result.state, result.filled, result.rejectReason]),
        ).toEqual(
          [...expected.orders.values()].map((order) => [
            order.id,
            order.state,
            order.filled.toFixed(),
            expected.rejectReasons.get(order.id) ?? '',
          ]),
        );
        expect([...market.resting.keys()].sort()).toEqual([...reference.resting.keys()].sort());
        // As the matcher does after a commit: the next batch's market buys estimate beyond the asks at it.
        market.lastPrice = outcome.trades.at(-1)?.price ?? market.lastPrice;
        const lastTrade = expected.trades.at(-1);
        if (lastTrade) reference.lastPrice = new Money(lastTrade.texts[0] ?? '');
        // The balances the next batch reads: what this one left (both sides agree, as checked above).
        for (const [key, value] of referenceFunds) balances.set(key, value.toFixed());
        counts.batches += 1;
        counts.trades += batch.trades.length;
        counts.movements += expected.movements().length;
        counts.refused += expected.rejectReasons.size;
      }
    }
    expect(counts.trades).toBeGreaterThan(3_000);
    expect(counts.refused).toBeGreaterThan(100);
    console.log('integer money differential:', counts);
  });
});
