import { describe, expect, it } from 'vitest';
import { Money } from '@exchange/kernel/ledger';
import { DEFAULT_MARK_PARAMS } from '../../../../../test/lever';
import { impactPrice, MARK_REASON, MarkTracker, type MarkInputs } from './mark-tracker';

const m = (value: string | number) => new Money(value);
const SECOND = 1_000;

const params = DEFAULT_MARK_PARAMS;

/** A healthy book around `mid` (impact prices 0.05 % each side) with trades at `reference`. */
const healthy = (mid: number, reference = mid): MarkInputs => ({
  impactBid: m(mid * 0.9995),
  impactAsk: m(mid * 1.0005),
  reference: m(reference),
});

/** Feeds one sample a second from `fromSecond`; answers the last state. */
function feed(tracker: MarkTracker, fromSecond: number, seconds: number, inputs: MarkInputs) {
  let state = tracker.observe(fromSecond * SECOND, inputs);
  for (let second = fromSecond + 1; second < fromSecond + seconds; second += 1)
    state = tracker.observe(second * SECOND, inputs);
  return state;
}

describe('impact prices', () => {
  it('averages the price of trading the notional through the levels, best first', () => {
    const asks = [
      { price: m(100), amount: m(4) },
      { price: m(110), amount: m(10) },
    ];
    // 400 at 100 (4 units), the other 700 at 110 (6.3636... units): 1100 / 10.3636... = 106.14...
    expect(impactPrice(asks, m(1100))?.toFixed(6)).toBe('106.140350');
    expect(impactPrice(asks, m(400))?.toFixed()).toBe('100');
  });

  it('gives no price for a side holding less than the notional', () => {
    expect(impactPrice([{ price: m(600000), amount: m('0.0001') }], m(1000))).toBeUndefined();
    expect(impactPrice([], m(1000))).toBeUndefined();
  });

  it('lets a dust order at a far price move the impact price by its own size only', () => {
    const bids = [{ price: m(60000), amount: m(1) }];
    const withDust = [{ price: m(600000), amount: m('0.0001') }, ...bids];
    const honest = impactPrice(bids, m(1000)) as Money;
    const moved = (impactPrice(withDust, m(1000)) as Money).div(honest).minus(1);
    expect(moved.lt('0.06')).toBe(true);
  });
});

describe('the mark', () => {
  it('follows a healthy book: the median of the fair prices, within the band around the trades', () => {
    const tracker = new MarkTracker(params);
    const state = feed(tracker, 0, 5, healthy(60000));
    expect(state).toMatchObject({ reliable: true, reason: MARK_REASON.ok });
    expect(state.mark?.toFixed()).toBe('60000');
  });

  it('holds the last reliable mark when a side empties, and says why', () => {
    const tracker = new MarkTracker(params);
    feed(tracker, 0, 5, healthy(60100));
    // The asks are gone and a 0.0001 bid sits at 600 000: that side has no impact price.
    const state = tracker.observe(6 * SECOND, { impactBid: m(600000), reference: m(60100) });
    expect(state).toMatchObject({ reliable: false, reason: MARK_REASON.bookThin });
    expect(state.mark?.toFixed()).toBe('60100');
    expect(state.markedAtMs).toBe(4 * SECOND);
  });

  it('holds it too without trades of the minimum notional in the window', () => {
    const tracker = new MarkTracker(params);
    feed(tracker, 0, 3, healthy(60100));
    const state = tracker.observe(4 * SECOND, { ...healthy(70000), reference: undefined });
    expect(state).toMatchObject({ reliable: false, reason: MARK_REASON.noRecentTrade });
    expect(state.mark?.toFixed()).toBe('60100');
  });

  it('has no mark before the first reliable look', () => {
    const state = new MarkTracker(params).observe(0, { reference: m(60000) });
    expect(state.mark).toBeUndefined();
    expect(state.reliable).toBe(false);
  });

  it('ignores a quote held for less than half the smoothing window', () => {
    const tracker = new MarkTracker(params);
    feed(tracker, 0, 20, healthy(60000));
    // A bid wall lifts the impact mid by 10 % for 9 seconds: 9 of the 29 samples in the window.
    const during = feed(tracker, 20, 9, healthy(66000, 60000));
    expect(during.mark?.toFixed()).toBe('60000');
    const after = feed(tracker, 29, 10, healthy(60000));
    expect(after.mark?.toFixed()).toBe('60000');
  });

  it('clamps the impact mid to the band around the trades however long it is held', () => {
    const tracker = new MarkTracker({ ...params, maxMovePercent: m(100) });
    feed(tracker, 0, 5, healthy(60000));
    const state = feed(tracker, 5, 60, healthy(90000, 60000));
    expect(state.mark?.toFixed()).toBe('61200');
  });

  it('moves at most the capped percent a minute', () => {
    const tracker = new MarkTracker({ ...params, bandPercent: m(50) });
    tracker.observe(0, healthy(60000));
    // Everything says 63 000 (5 % up) one second later: the cap allows 5 % a minute, 50 a second.
    const state = tracker.observe(SECOND, healthy(63000));
    expect(state.mark?.toFixed()).toBe('60050');
    // A genuine move is followed, a minute's cap at a time.
    const later = feed(tracker, 2, 90, healthy(63000));
    expect(later.mark?.toFixed()).toBe('63000');
  });

  it('takes up a held mark after a restart, and caps the first move from it', () => {
    const tracker = new MarkTracker(params, { mark: m(60000), markedAtMs: 0 });
    const state = tracker.observe(SECOND, healthy(70000, 70000));
    expect(state.mark?.toFixed()).toBe('60050');
  });
});
