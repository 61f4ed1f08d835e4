/**
 * The insurance window: the daily span (exchange time, Asia/Shanghai) in which an active insurance position
 * pays its owner's seconds orders instead of the micro balance. `start` and `end` are HH:MM; start = end
 * means all day; a window may wrap past midnight (22:00 to 02:00).
 */
export function inInsuranceWindow(start: string, end: string, now: Date): boolean {
  const from = minutesOf(start);
  const to = minutesOf(end);
  if (from === undefined || to === undefined) return false;
  if (from === to) return true;
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Shanghai',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const minute =
    Number(parts.find((part) => part.type === 'hour')?.value ?? 0) * 60 +
    Number(parts.find((part) => part.type === 'minute')?.value ?? 0);
  return from < to ? minute >= from && minute < to : minute >= from || minute < to;
}

function minutesOf(text: string): number | undefined {
  const match = /^(\d{1,2}):(\d{2})$/.exec(text.trim());
  if (!match) return undefined;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  return minutes <= 24 * 60 ? minutes % (24 * 60) : undefined;
}

/** The exchange's calendar day of an instant (Asia/Shanghai), as YYYY-MM-DD: claims count per such day. */
export function exchangeDay(at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(at);
}
