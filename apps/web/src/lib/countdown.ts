/** Deadlines shown as live countdowns (P2P payment windows, acceptor auto-confirmation). */

/** Milliseconds left until a deadline, never below 0; null without a deadline. */
export function remainingMs(deadlineMs: number | null, nowMs: number): number | null {
  if (deadlineMs === null || !Number.isFinite(deadlineMs)) return null;
  return Math.max(0, deadlineMs - nowMs);
}

/** `HH:MM:SS` (hours may pass 24). */
export function formatCountdown(ms: number): string {
  const total = Math.floor(ms / 1000);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(Math.floor(total / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
}

/** The contract writes times as `Y-m-d H:i:s` in the exchange's zone, Asia/Shanghai (UTC+8, no DST). */
export const EXCHANGE_UTC_OFFSET = '+08:00';

/**
 * A deadline from the server: unix seconds, unix milliseconds, or a date string (`Y-m-d H:i:s` in the
 * exchange's zone unless it names its own); null when absent or unreadable.
 */
export function deadlineOf(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined || value === '' || value === 0) return null;
  if (typeof value === 'number' || /^\d+$/.test(value)) {
    const number = Number(value);
    return number < 1e12 ? number * 1000 : number;
  }
  const iso = value.trim().replace(' ', 'T');
  const zoned = /(Z|[+-]\d{2}:?\d{2})$/.test(iso) ? iso : `${iso}${EXCHANGE_UTC_OFFSET}`;
  const parsed = Date.parse(zoned);
  return Number.isNaN(parsed) ? null : parsed;
}
