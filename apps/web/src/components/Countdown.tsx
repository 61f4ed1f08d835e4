import { useEffect, useState } from 'react';
import { formatCountdown, remainingMs } from '../lib/countdown';

/** A live `HH:MM:SS` until a deadline (ms since the epoch); `expiredLabel` once it passes; nothing without one. */
export function Countdown({
  deadline,
  expiredLabel,
  testId,
}: {
  deadline: number | null;
  expiredLabel: string;
  testId?: string;
}) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (deadline === null) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [deadline]);
  const left = remainingMs(deadline, now);
  if (left === null) return null;
  return (
    <span className={`countdown num${left === 0 ? ' expired' : ''}`} data-testid={testId}>
      {left === 0 ? expiredLabel : formatCountdown(left)}
    </span>
  );
}
