import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { OrderBook } from './order-book';
import { randomCommandStream } from './random-commands';
import { ReferenceBook } from './reference-book';
import { DEFAULT_CHUNK_SIZE } from './sorted-levels';
import type { EngineEvent } from './types';

/**
 * The fast book against the obviously-correct one on long random streams: every command must produce the
 * same events, and leave the same depth, best prices and size. A failure names the seed and the command, so
 * it can be replayed alone.
 */
const STREAMS = 24;
/** Streams whose books spread over hundreds of levels a side, so level chunks split and empty. */
const WIDE_STREAMS = 4;
const WIDE_PRICE_BAND_TICKS = 5_000;
const COMMANDS_PER_STREAM = 5_000;
const FULL_DEPTH = 100_000;

interface StreamSummary {
  outcomes: Map<string, number>;
  mostLevelsOnASide: number;
}

function runAgainstReference(seed: number, priceBandTicks?: number): StreamSummary {
  const { restored, commands } = randomCommandStream(seed, COMMANDS_PER_STREAM, priceBandTicks);
  const engine = new OrderBook({ firstTradeSequence: seed });
  const reference = new ReferenceBook({ firstTradeSequence: seed });
  for (const order of restored) {
    engine.restore(order);
    reference.restore(order);
  }
  const summary: StreamSummary = { outcomes: new Map(), mostLevelsOnASide: 0 };
  commands.forEach((command, index) => {
    const events = engine.apply(command);
    const depth = engine.depth(FULL_DEPTH);
    const observed = [events, depth, engine.size(), engine.bestBid(), engine.bestAsk()];
    const expected = [
      reference.apply(command),
      reference.depth(FULL_DEPTH),
      reference.size(),
      reference.bestBid(),
      reference.bestAsk(),
    ];
    // toEqual's diff is worth its cost only when something differs.
    if (!isDeepStrictEqual(observed, expected)) {
      expect(observed, `seed ${seed}, command ${index}: ${JSON.stringify(command)}`).toEqual(expected);
    }
    countOutcomes(events, summary.outcomes);
    summary.mostLevelsOnASide = Math.max(summary.mostLevelsOnASide, depth.bids.length, depth.asks.length);
    if (index % 500 === 0) engine.checkIntegrity();
  });
  engine.checkIntegrity();
  return summary;
}

describe('OrderBook against ReferenceBook', () => {
  it.each(Array.from({ length: STREAMS }, (_, index) => 1000 + index))(
    'agrees on every event of random stream %i',
    (seed) => {
      expectEveryRuleExercised(runAgainstReference(seed).outcomes);
    },
  );

  it.each(Array.from({ length: WIDE_STREAMS }, (_, index) => 2000 + index))(
    'agrees on every event of wide random stream %i',
    (seed) => {
      const { mostLevelsOnASide } = runAgainstReference(seed, WIDE_PRICE_BAND_TICKS);
      expect(mostLevelsOnASide).toBeGreaterThan(DEFAULT_CHUNK_SIZE);
    },
  );
});

function countOutcomes(events: EngineEvent[], tally: Map<string, number>): void {
  for (const event of events) {
    const key =
      event.type === 'rejected' || event.type === 'done' ? `${event.type} ${event.reason}` : event.type;
    tally.set(key, (tally.get(key) ?? 0) + 1);
  }
}

/** A stream that never hits a rule proves nothing about it; check the generator keeps them all in play. */
function expectEveryRuleExercised(tally: Map<string, number>): void {
  const outcomes = [
    'accepted',
    'trade',
    'rested',
    'depth',
    'done filled',
    'done cancelled',
    'done expired',
    'done self-trade',
    'rejected invalid',
    'rejected duplicate-order-id',
    'rejected post-only-would-take',
    'rejected fok-unfillable',
    'rejected unknown-order',
  ];
  for (const outcome of outcomes) expect(tally.get(outcome) ?? 0, outcome).toBeGreaterThan(0);
}
