/** Page arithmetic of the notice list. */

export const NOTICES_PER_PAGE = 10;

export function pageCount(total: number, perPage: number): number {
  if (total <= 0 || perPage <= 0) return 1;
  return Math.ceil(total / perPage);
}

/** A page number from the URL: a positive integer, else 1. */
export function parsePage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : 1;
}

/**
 * The page buttons to show: the first and last page, the current one with a neighbour on each side, and
 * `null` where pages are skipped (`1 … 4 5 6 … 12`).
 */
export function pageItems(current: number, total: number): (number | null)[] {
  if (total <= 7) return Array.from({ length: total }, (_, index) => index + 1);
  const range = (from: number, to: number) =>
    Array.from({ length: to - from + 1 }, (_, index) => from + index);
  if (current <= 4) return [...range(1, 5), null, total];
  if (current >= total - 3) return [1, null, ...range(total - 4, total)];
  return [1, null, current - 1, current, current + 1, null, total];
}
