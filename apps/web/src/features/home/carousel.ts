/** Index arithmetic of the looped banner carousel. */

export const BANNER_INTERVAL_MS = 5000;

/** Any integer index folded into 0..count-1 (so -1 is the last slide); 0 when there are no slides. */
export function wrapIndex(index: number, count: number): number {
  if (count <= 0) return 0;
  return ((index % count) + count) % count;
}

/** The slide `step` places away from `index`, looping at both ends. */
export function stepIndex(index: number, step: number, count: number): number {
  return wrapIndex(index + step, count);
}
