import { keepPreviousData, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Quotation } from '../../api/markets';
import { api } from '../../lib/api';
import { useToken } from '../../lib/session';
import { useSocketEvent } from '../../lib/socket';
import { readStored, STORAGE_KEYS, writeStored } from '../../lib/storage';
import type { Side } from './order-math';
import type {
  CancelOrderRequest,
  CurrencyDetail,
  CurrencyDetailQuery,
  OrderListQuery,
  PlaceOrderRequest,
  SpotOrderListAnswer,
  SpotOrderRow,
} from '@exchange/contracts';

export type { SpotOrderRow };

/* ---------- Orders ---------- */

export const ENTRUST_PAGE_SIZE = 10;
export type EntrustStatus = 1 | 2;
export type EntrustFilter = 'all' | Side;
/** One fetched page of orders and how many orders the server counts for the same filter. */
export interface EntrustPage {
  rows: SpotOrderRow[];
  total: number;
}

const entrustsKey = ['exchange', 'entrusts'] as const;

/** Current (status 1) or history (status 2) orders, a page at a time, every 10 s while signed in. */
export function useEntrusts(
  status: EntrustStatus,
  filter: EntrustFilter,
  pair: { legal_id: number; currency_id: number } | null,
) {
  const token = useToken();
  return useInfiniteQuery({
    queryKey: [...entrustsKey, status, filter, pair?.legal_id ?? 0, pair?.currency_id ?? 0, token !== null],
    queryFn: async ({ pageParam }) => {
      const answer = await api.answer<Extract<SpotOrderListAnswer, { type: 'ok' }>>(
        '/api/coin/list',
        {
          status,
          page: pageParam,
          limit: ENTRUST_PAGE_SIZE,
          type: filter === 'buy' ? 1 : filter === 'sell' ? 2 : undefined,
          legal_id: pair?.legal_id,
          currency_id: pair?.currency_id,
        } satisfies OrderListQuery,
        { quiet: true },
      );
      return { rows: answer.message, total: answer.total };
    },
    initialPageParam: 1,
    // More while the pages so far hold fewer rows than the server counts: a last page that happens to be
    // full no longer offers a "more" that loads nothing.
    getNextPageParam: (last, pages) =>
      pages.reduce((held, page) => held + page.rows.length, 0) < last.total && last.rows.length > 0
        ? pages.length + 1
        : undefined,
    enabled: token !== null,
    refetchInterval: 10_000,
    placeholderData: keepPreviousData,
  });
}

/** Refreshes orders and balances: after an order, a revoke, or the user's `spot_order` push. */
export function useRefreshAccount() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: entrustsKey });
    void queryClient.invalidateQueries({ queryKey: ['wallet'] });
  };
}

/** The user's own order updates (fills, cancels) refresh the lists and balances at once. */
export function useSpotOrderPushes(): void {
  const refresh = useRefreshAccount();
  useSocketEvent('spot_order', () => refresh());
}

/** Takes a revoked order out of the current lists right away (the next refresh confirms it). */
export function useDropOrder() {
  const queryClient = useQueryClient();
  return (id: string) =>
    queryClient.setQueriesData<{ pages: EntrustPage[]; pageParams: unknown[] }>(
      { queryKey: [...entrustsKey, 1] },
      (data) =>
        data && {
          ...data,
          pages: data.pages.map((page) => {
            const rows = page.rows.filter((row) => row.id !== id);
            // The dropped order no longer counts, so "more" does not wait for one row too many.
            return { rows, total: page.total - (page.rows.length - rows.length) };
          }),
        },
    );
}

/** POST /api/coin/trade: answers the server's message; refusals go through the error catalogue. */
export function placeOrder(request: PlaceOrderRequest): Promise<string> {
  return api.post<string>('/api/coin/trade', { ...request });
}

/** PUT /api/coin/trade {id}: revokes an open order. */
export function revokeOrder(id: string): Promise<string> {
  return api.put<string>('/api/coin/trade', { id } satisfies CancelOrderRequest);
}

/* ---------- Coin information ---------- */

export function useCoinDetail(currencyId: number | undefined) {
  return useQuery({
    queryKey: ['exchange', 'coin', currencyId],
    queryFn: () =>
      api.get<CurrencyDetail>('/api/currency/detail', { id: currencyId } satisfies CurrencyDetailQuery, {
        quiet: true,
      }),
    enabled: currencyId !== undefined,
    staleTime: 10 * 60_000,
  });
}

/* ---------- The stored selection (document 1, section 3) ---------- */

export const PRICE_SCALE = 100000;

export function storeSelection(pair: Quotation): void {
  writeStored(STORAGE_KEYS.legalId, pair.legal_id);
  writeStored(STORAGE_KEYS.currencyId, pair.currency_id);
  writeStored(STORAGE_KEYS.legalName, pair.legal_name);
  writeStored(STORAGE_KEYS.currencyName, pair.currency_name);
  writeStored(STORAGE_KEYS.symbol, pair.symbol);
  writeStored(STORAGE_KEYS.fiatConvertCny, pair.fiat_convert_cny);
  writeStored(STORAGE_KEYS.priceScale, PRICE_SCALE);
}

export function storedSelection(): { legal: string | null; currency: string | null } {
  return { legal: readStored(STORAGE_KEYS.legalId), currency: readStored(STORAGE_KEYS.currencyId) };
}
