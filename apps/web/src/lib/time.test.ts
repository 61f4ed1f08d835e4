import { afterEach, describe, expect, it } from 'vitest';
import { formatTime, formatZonedTime, instantOf, isoOf, zoneLabel } from './time';

/** Node applies a changed TZ to the next Date call: each case sets the viewer's zone it describes. */
const originalZone = process.env.TZ;
const viewerIn = (zone: string) => {
  process.env.TZ = zone;
};

describe('times in the viewer’s zone', () => {
  afterEach(() => {
    process.env.TZ = originalZone;
  });

  it('reads unix seconds, milliseconds, ISO strings and the contract’s exchange-zone strings', () => {
    expect(instantOf(1_700_000_000)).toBe(1_700_000_000_000);
    expect(instantOf('1700000000')).toBe(1_700_000_000_000);
    expect(instantOf(1_700_000_000_000)).toBe(1_700_000_000_000);
    // Contract times are the exchange's (UTC+8) whatever the viewer's zone.
    expect(instantOf('2026-11-23 10:00:00')).toBe(Date.UTC(2026, 10, 23, 2, 0, 0));
    expect(instantOf('2026-11-23')).toBe(Date.UTC(2026, 10, 22, 16, 0, 0));
    expect(instantOf('2026-11-23T10:00:00.000Z')).toBe(Date.UTC(2026, 10, 23, 10, 0, 0));
    expect(instantOf(new Date(Date.UTC(2026, 0, 1)))).toBe(Date.UTC(2026, 0, 1));
    for (const nothing of [null, undefined, '', 0, 'soon', '10:00 11/23', Number.NaN]) {
      expect(instantOf(nothing)).toBeNull();
    }
  });

  it('shows a contract time in the viewer’s own zone, in every style', () => {
    viewerIn('Europe/Berlin');
    expect(formatTime('2026-11-23 10:00:00')).toBe('2026-11-23 03:00:00');
    expect(formatTime('2026-11-23 10:00:00', 'date')).toBe('2026-11-23');
    expect(formatTime('2026-11-23 10:00:00', 'minute')).toBe('11-23 03:00');
    expect(formatTime('2026-11-23 10:00:00', 'clock')).toBe('03:00:00');
    expect(formatTime('2026-11-23 06:30:00', 'date')).toBe('2026-11-22');
    viewerIn('Asia/Shanghai');
    expect(formatTime('2026-11-23 10:00:00')).toBe('2026-11-23 10:00:00');
    viewerIn('America/New_York');
    expect(formatTime(Date.UTC(2026, 6, 1, 12, 0, 0))).toBe('2026-07-01 08:00:00');
    expect(formatTime(null)).toBe('--');
  });

  it('names the viewer’s zone as an offset, summer time included', () => {
    viewerIn('Asia/Shanghai');
    expect(zoneLabel()).toBe('UTC+8');
    viewerIn('Asia/Kolkata');
    expect(zoneLabel()).toBe('UTC+5:30');
    viewerIn('America/New_York');
    expect(zoneLabel(Date.UTC(2026, 0, 15))).toBe('UTC-5');
    expect(zoneLabel(Date.UTC(2026, 6, 15))).toBe('UTC-4');
    expect(formatZonedTime('2026-07-15 20:00:00')).toBe('2026-07-15 08:00:00 UTC-4');
    viewerIn('UTC');
    expect(zoneLabel()).toBe('UTC');
    expect(isoOf('2026-11-23 10:00:00')).toBe('2026-11-23T02:00:00.000Z');
    expect(formatZonedTime('')).toBe('--');
  });
});
