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
