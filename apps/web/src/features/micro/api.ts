import {
  keepPreviousData,
  useInfiniteQuery,
  useQuery,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import { useState } from 'react';
import { api, type Params } from '../../lib/api';
import { useToken } from '../../lib/session';
import { useSocketEvent } from '../../lib/socket';
import type {
  InsuranceBuyRequest,
  InsurancePosition,
  InsuranceType,
  LaravelPage,
  MicroOrder,
  MicroSubmitRequest,
  PayableCurrency,
  SecondsOption,
} from '@exchange/contracts';

export type {
  InsurancePosition,
  InsuranceType,
  MicroNumber,
  MicroOrder,
  PayableCurrency,
  SecondsOption,
} from '@exchange/contracts';

/**
 * The seconds-contract calls (document 3, section 7; contract notes sections 4 and 6) and the pushes the
 * screen listens to. Every key carries the token, so signing out or in never shows the previous user's data.
 */

/** A page of orders, stamped with when it arrived so countdowns run from the answer's remaining time. */
export interface OrderPage {
  rows: MicroOrder[];
  receivedAt: number;
  lastPage: number;
}

/** Document 3, section 9: micro order pages hold 20 rows. */
export const ORDER_PAGE_SIZE = 20;
export type OrderStatus = 1 | 3;
/** The finished row stays visible this long in the running list before it leaves (document 3, section 4). */
export const CLOSED_ROW_LINGER_MS = 500;
/** The running list is re-read this often as a safety net for a missed push. */
const RUNNING_REFRESH_MS = 5_000;

const microKey = ['micro'] as const;
const ordersKey = (status: OrderStatus) => [...microKey, 'orders', status] as const;
const payableKey = [...microKey, 'payable'] as const;

export function usePayableCurrencies() {
  const token = useToken();
  return useQuery({
    queryKey: [...payableKey, token],
    queryFn: () => api.get<PayableCurrency[]>('/api/microtrade/payable_currencies', {}, { quiet: true }),
    enabled: token !== null,
    refetchInterval: 10_000,
  });
}

export function useSecondsOptions() {
  return useQuery({
    queryKey: [...microKey, 'seconds'],
    queryFn: () => api.get<SecondsOption[]>('/api/microtrade/seconds', {}, { quiet: true }),
    staleTime: 60_000,
  });
}

/** Running (1, for one pair) or finished (3) orders, 20 a page, newest first. */
export function useMicroOrders(status: OrderStatus, matchId: number) {
  const token = useToken();
  return useInfiniteQuery({
    queryKey: [...ordersKey(status), status === 1 ? matchId : 0, token],
    queryFn: async ({ pageParam }): Promise<OrderPage> => {
      const answer = await api.get<LaravelPage<MicroOrder>>(
        '/api/microtrade/lists',
        { page: pageParam, status, limit: ORDER_PAGE_SIZE, match_id: status === 1 ? matchId : undefined },
        { quiet: true },
      );
      return { rows: answer.data, receivedAt: Date.now(), lastPage: answer.last_page };
    },
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (pages.length < last.lastPage ? pages.length + 1 : undefined),
    enabled: token !== null,
    refetchInterval: status === 1 ? RUNNING_REFRESH_MS : false,
    placeholderData: keepPreviousData,
  });
}

/** `POST /api/microtrade/submit`: answers the created order; refusals go through the error catalogue. */
export function submitMicroOrder(request: MicroSubmitRequest): Promise<MicroOrder> {
  return api.post<MicroOrder>('/api/microtrade/submit', request as Params);
}

/** After an order is placed or settled: the lists and the balances again. */
export function useRefreshMicro() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: [...microKey, 'orders'] });
    void queryClient.invalidateQueries({ queryKey: payableKey });
    void queryClient.invalidateQueries({ queryKey: ['wallet'] });
  };
}

type OrdersData = InfiniteData<OrderPage, number>;

/** The `micro_closed` push names the order in `data` (the spec's client) or is the order itself. */
export function closedOrderOf(push: unknown): MicroOrder | null {
  if (typeof push !== 'object' || push === null) return null;
  const candidate = 'data' in push && typeof push.data === 'object' && push.data !== null ? push.data : push;
  return 'id' in candidate ? (candidate as MicroOrder) : null;
}

/**
 * `micro_closed` (the user's own room): the order turns finished in the running list at once, with its end
 * price and result, leaves it about half a second later, and the finished list and balances are re-read.
 */
export function useMicroClosedPushes(): void {
  const queryClient = useQueryClient();
  const refresh = useRefreshMicro();
  const patchRunning = (update: (rows: MicroOrder[]) => MicroOrder[]) =>
    queryClient.setQueriesData<OrdersData>({ queryKey: ordersKey(1) }, (data) =>
      data ? { ...data, pages: data.pages.map((page) => ({ ...page, rows: update(page.rows) })) } : data,
    );
  useSocketEvent('micro_closed', (push) => {
    const closed = closedOrderOf(push);
    if (!closed) return;
    const id = String(closed.id);
    patchRunning((rows) =>
      rows.map((row) =>
        String(row.id) === id ? { ...row, ...closed, status: 3, remain_milli_seconds: 0 } : row,
      ),
    );
    setTimeout(() => {
      patchRunning((rows) => rows.filter((row) => String(row.id) !== id));
      refresh();
    }, CLOSED_ROW_LINGER_MS);
  });
}

/**
 * The pair's live price: the last trade of our own book, which is the price settlement reads. The quotation's
 * price (kept current by `daymarket` once a second) until this screen has seen a `match_trade` push of the
 * pair, then each trade's price. The caller remounts per pair.
 */
export function useLivePrice(matchId: number, quoted: string): string {
  const [pushed, setPushed] = useState<string | null>(null);
  useSocketEvent('match_trade', (push) => {
    if (push.match_id === matchId && push.price) setPushed(push.price);
  });
  return pushed ?? quoted;
}

/* ---------- Insurance (document 3, section 4; the calls are the server's design, listed in OpenAPI) ---------- */

const insuranceKey = [...microKey, 'insurance'] as const;

export function useInsuranceTypes() {
  const token = useToken();
  return useQuery({
    queryKey: [...insuranceKey, 'types', token],
    queryFn: () => api.get<InsuranceType[]>('/api/insurance/types', {}, { quiet: true }),
    enabled: token !== null,
    staleTime: 60_000,
  });
}

export function useInsurancePositions() {
  const token = useToken();
  return useQuery({
    queryKey: [...insuranceKey, 'my', token],
    queryFn: () => api.get<InsurancePosition[]>('/api/insurance/my', {}, { quiet: true }),
    enabled: token !== null,
    refetchInterval: 10_000,
  });
}

/** `POST /api/insurance/buy {insurance_type_id, quantity}`: takes effect at once, cannot be reversed. */
export function buyInsurance(request: InsuranceBuyRequest): Promise<string> {
  return api.post<string>('/api/insurance/buy', request as Params);
}

/** `POST /api/insurance/claim {id}`: pays out once the insured balance has lost 50%, two a day. */
export function claimInsurance(id: number): Promise<string> {
  return api.post<string>('/api/insurance/claim', { id });
}

/** `POST /api/insurance/exchange {id}`: a terminated position's balance back to the micro account, once. */
export function exchangeInsurance(id: number): Promise<string> {
  return api.post<string>('/api/insurance/exchange', { id });
}
