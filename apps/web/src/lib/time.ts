/**
 * Every moment on screen is shown in the viewer's own time zone, in one form, wherever it comes from: the
 * contract's `Y-m-d H:i:s` strings (written in the exchange's zone), unix seconds or milliseconds (trades,
 * candles, deadlines) and the console's ISO strings. Tables name the zone in their time column's header.
 */

/** The contract writes times as `Y-m-d H:i:s` in the exchange's zone, Asia/Shanghai (UTC+8, no DST). */
export const EXCHANGE_UTC_OFFSET = '+08:00';

export type TimeValue = number | string | Date | null | undefined;

/**
 * Milliseconds since the epoch of a time from the server: unix seconds or milliseconds (numbers or digit
 * strings), an ISO string with its zone, or a contract string without one (the exchange's zone); null when
 * absent or unreadable.
 */
export function instantOf(value: TimeValue): number | null {
  if (value === null || value === undefined || value === '' || value === 0) return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.getTime();
  if (typeof value === 'number' || /^\d+$/.test(value)) {
    const number = Number(value);
    if (!Number.isFinite(number) || number <= 0) return null;
    return number < 1e12 ? number * 1000 : number;
  }
  const iso = value.trim().replace(' ', 'T');
  if (!/^\d{4}-\d{2}-\d{2}/.test(iso)) return null;
  const withTime = iso.length === 10 ? `${iso}T00:00:00` : iso;
  const zoned = /(Z|[+-]\d{2}:?\d{2})$/.test(withTime) ? withTime : `${withTime}${EXCHANGE_UTC_OFFSET}`;
  const parsed = Date.parse(zoned);
  return Number.isNaN(parsed) ? null : parsed;
}

/** `dateTime` 2026-11-22 18:30:23, `date` 2026-11-22, `minute` 11-22 18:30, `clock` 18:30:23. */
export type TimeStyle = 'dateTime' | 'date' | 'minute' | 'clock';

export const NO_TIME = '--';

const pad = (part: number) => String(part).padStart(2, '0');

/** A moment in the viewer's zone, in one of the shared forms; `--` when there is none. */
export function formatTime(value: TimeValue, style: TimeStyle = 'dateTime'): string {
  const instant = instantOf(value);
  if (instant === null) return NO_TIME;
  const date = new Date(instant);
  const day = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  const clock = `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
  switch (style) {
    case 'date':
      return day;
    case 'clock':
      return clock;
    case 'minute':
      return `${day.slice(5)} ${clock.slice(0, 5)}`;
    default:
      return `${day} ${clock}`;
  }
}

/** The viewer's zone at a moment as an offset from UTC: `UTC+8`, `UTC-3:30`, `UTC`. */
export function zoneLabel(at: number = Date.now()): string {
  const minutes = -new Date(at).getTimezoneOffset();
  if (minutes === 0) return 'UTC';
  const sign = minutes > 0 ? '+' : '-';
  const hours = Math.floor(Math.abs(minutes) / 60);
  const rest = Math.abs(minutes) % 60;
  return `UTC${sign}${hours}${rest ? `:${pad(rest)}` : ''}`;
}

/** A moment that stands alone, with the zone written after it: `2026-11-22 18:30:23 UTC+8`. */
export function formatZonedTime(value: TimeValue, style: TimeStyle = 'dateTime'): string {
  const instant = instantOf(value);
  return instant === null ? NO_TIME : `${formatTime(instant, style)} ${zoneLabel(instant)}`;
}

/** The machine-readable form for a `<time dateTime>` attribute; undefined when there is no moment. */
export function isoOf(value: TimeValue): string | undefined {
  const instant = instantOf(value);
  return instant === null ? undefined : new Date(instant).toISOString();
}
