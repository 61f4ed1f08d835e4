import { describe, expect, it } from 'vitest';
import { deadlineOf, formatCountdown, remainingMs } from './countdown';

describe('countdowns', () => {
  it('counts down to a deadline and stops at zero', () => {
    expect(remainingMs(10_000, 4_000)).toBe(6_000);
    expect(remainingMs(10_000, 12_000)).toBe(0);
    expect(remainingMs(null, 0)).toBeNull();
    expect(formatCountdown(24 * 3600 * 1000)).toBe('24:00:00');
    expect(formatCountdown(61_500)).toBe('00:01:01');
  });

  it('reads unix seconds, milliseconds and date strings', () => {
    expect(deadlineOf(1_700_000_000)).toBe(1_700_000_000_000);
    expect(deadlineOf('1700000000')).toBe(1_700_000_000_000);
    expect(deadlineOf(1_700_000_000_000)).toBe(1_700_000_000_000);
    // Contract times are the exchange's (UTC+8) whatever the viewer's zone.
    expect(deadlineOf('2026-11-23 10:00:00')).toBe(Date.UTC(2026, 10, 23, 2, 0, 0));
    expect(deadlineOf('2026-11-23T10:00:00Z')).toBe(Date.UTC(2026, 10, 23, 10, 0, 0));
    expect(deadlineOf(null)).toBeNull();
    expect(deadlineOf('soon')).toBeNull();
  });
});
