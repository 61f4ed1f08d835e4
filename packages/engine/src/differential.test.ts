import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { OrderBook } from './order-book';
import { randomCommandStream } from './random-commands';
import { ReferenceBook } from './reference-book';
import type { EngineEvent } from './types';

/**
 * The fast book against the obviously-correct one on long random streams: every command must produce the
 * same events, and leave the same depth, best prices and size. A failure names the seed and the command, so
 * it can be replayed alone.
 */
const STREAMS = 24;
const COMMANDS_PER_STREAM = 5_000;
const FULL_DEPTH = 10_000;

describe('OrderBook against ReferenceBook', () => {
  it.each(Array.from({ length: STREAMS }, (_, index) => 1000 + index))(
    'agrees on every event of random stream %i',
    (seed) => {
      const { restored, commands } = randomCommandStream(seed, COMMANDS_PER_STREAM);
      const engine = new OrderBook({ firstTradeSequence: seed });
      const reference = new ReferenceBook({ firstTradeSequence: seed });
      for (const order of restored) {
        engine.restore(order);
        reference.restore(order);
      }
      const tally = new Map<string, number>();
      commands.forEach((command, index) => {
        const events = engine.apply(command);
        const observed = [
          events,
          engine.depth(FULL_DEPTH),
          engine.size(),
          engine.bestBid(),
          engine.bestAsk(),
        ];
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
        countOutcomes(events, tally);
        if (index % 500 === 0) engine.checkIntegrity();
      });
      engine.checkIntegrity();
      expectEveryRuleExercised(tally);
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
