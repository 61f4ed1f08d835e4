import type { Quotation, QuotationGroup } from '../../api/markets';

export interface PairRef {
  legalId: number | null;
  currencyId: number | null;
}

function toId(value: string | null | undefined): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

export function pairRef(legal: string | null | undefined, currency: string | null | undefined): PairRef {
  return { legalId: toId(legal), currencyId: toId(currency) };
}

function find(groups: QuotationGroup[], ref: PairRef): Quotation | undefined {
  if (ref.legalId === null || ref.currencyId === null) return undefined;
  for (const group of groups) {
    const pair = group.quotation.find(
      (item) => item.legal_id === ref.legalId && item.currency_id === ref.currencyId,
    );
    if (pair) return pair;
  }
  return undefined;
}

/**
 * The pair the exchange screen shows: the link's `?legal_id&currency_id`, else the stored choice, else the
 * first pair of the first group. Unknown ids fall through to the next source.
 */
export function resolvePair(
  groups: QuotationGroup[] | undefined,
  fromQuery: PairRef,
  fromStorage: PairRef,
): Quotation | undefined {
  if (!groups || groups.length === 0) return undefined;
  return (
    find(groups, fromQuery) ??
    find(groups, fromStorage) ??
    groups.find((group) => group.quotation.length > 0)?.quotation[0]
  );
}

/** The pairs a market-list tab shows: a quote group, or the favourites of every group; filtered by search. */
export function listPairs(groups: QuotationGroup[] | undefined, tab: string, search: string): Quotation[] {
  const all = groups ?? [];
  const pairs =
    tab === FAVOURITES_TAB
      ? all.flatMap((group) => group.quotation.filter((pair) => pair.added === 1))
      : (all.find((group) => String(group.id) === tab)?.quotation ?? []);
  const needle = search.trim().toUpperCase();
  if (!needle) return pairs;
  return pairs.filter(
    (pair) => pair.currency_name.toUpperCase().includes(needle) || pair.symbol.toUpperCase().includes(needle),
  );
}

export const FAVOURITES_TAB = 'favourites';
