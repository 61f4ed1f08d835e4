import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { useToken } from '../../lib/session';

/**
 * The points ("jc" integral) calls of document 3 section 7 and contract notes section 10. Every key carries
 * the token, so signing out or in never shows the previous user's points.
 */

/** `GET /api/jc/info`: the caller's points and the terms of the exchange (an error when not bound). */
export interface PointsInfo {
  jc_integral: string;
  free_jc_integral: string;
  jc_exchange_fee: string;
  jc_price: string;
  jc_price_difference: string;
  market_price: string;
  currency_name: string;
  currency_decimals: number;
  points_decimals: number;
}

/** A row of `GET /api/jc/exchange`. */
export interface ExchangeRecord {
  id: number;
  created_at: string;
  integral: string;
  fee: string;
  exchange_num: string;
  fact_market_price: string;
  currency_name: string;
}

interface Paginator<T> {
  data: T[];
  current_page: number;
  last_page: number;
  total: number;
}

/** More than 9 rows is another page (document 3, section 9). */
export const HISTORY_PAGE_SIZE = 10;

const pointsKey = ['points'] as const;

export function usePointsInfo() {
  const token = useToken();
  return useQuery({
    queryKey: [...pointsKey, 'info', token],
    queryFn: () => api.get<PointsInfo>('/api/jc/info', {}, { quiet: true }),
    enabled: token !== null,
    retry: false,
  });
}

export function useExchangeHistory(enabled: boolean) {
  const token = useToken();
  return useInfiniteQuery({
    queryKey: [...pointsKey, 'history', token],
    queryFn: ({ pageParam }) =>
      api.get<Paginator<ExchangeRecord>>('/api/jc/exchange', { page: pageParam }, { quiet: true }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.current_page < last.last_page ? last.current_page + 1 : undefined),
    enabled: enabled && token !== null,
  });
}

export function useBinding() {
  const token = useToken();
  return useQuery({
    queryKey: [...pointsKey, 'bind', token],
    queryFn: () => api.get<{ user_name: string }>('/api/jc/bind', {}, { quiet: true }),
    enabled: token !== null,
  });
}

export const bindPartner = (account: { user_name: string; password: string }) =>
  api.post<string>('/api/jc/bind', account);

export const exchangePoints = (request: { use_number: string; password: string }) =>
  api.post<string>('/api/jc/exchange', request);

/** After a binding or an exchange: the points, the history and the wallets change. */
export function useRefreshPoints() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: pointsKey });
    void queryClient.invalidateQueries({ queryKey: ['wallet'] });
  };
}
