import { describe, expect, it } from 'vitest';
import { formatCountdown, remainingMs } from './countdown';

describe('countdowns', () => {
  it('counts down to a deadline and stops at zero', () => {
    expect(remainingMs(10_000, 4_000)).toBe(6_000);
    expect(remainingMs(10_000, 12_000)).toBe(0);
    expect(remainingMs(null, 0)).toBeNull();
    expect(formatCountdown(24 * 3600 * 1000)).toBe('24:00:00');
    expect(formatCountdown(61_500)).toBe('00:01:01');
  });
});
