import { useEffect, useState } from 'react';
import { priceMove } from './market-table';

export const FLASH_MS = 900;

/**
 * A class name that flashes green or red for a moment when the price changes (a live push arrived), or ''
 * when it is steady. Two alternating names restart the animation on back-to-back moves the same way.
 */
export function usePriceFlash(price: string): string {
  const [tracked, setTracked] = useState({ price, move: 0 as -1 | 0 | 1, seq: 0 });
  if (tracked.price !== price) {
    // Adjusting state to a changed prop during render: React re-renders at once, before painting.
    setTracked({ price, move: priceMove(tracked.price, price), seq: tracked.seq + 1 });
  }
  useEffect(() => {
    if (tracked.move === 0) return;
    const timer = setTimeout(() => setTracked((current) => ({ ...current, move: 0 })), FLASH_MS);
    return () => clearTimeout(timer);
  }, [tracked.seq, tracked.move]);
  if (tracked.move === 0) return '';
  return `flash-${tracked.move > 0 ? 'up' : 'down'}-${tracked.seq % 2}`;
}
