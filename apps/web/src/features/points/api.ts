import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { useToken } from '../../lib/session';
import type {
  JcBinding,
  JcBindRequest,
  JcExchangeRecord,
  JcExchangeRequest,
  LaravelPage,
  PointsInfo,
} from '@exchange/contracts';

export type { JcExchangeRecord, PointsInfo } from '@exchange/contracts';

/**
 * The points ("jc" integral) calls of document 3 section 7 and contract notes section 10. Every key carries
 * the token, so signing out or in never shows the previous user's points.
 */

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
      api.get<LaravelPage<JcExchangeRecord>>('/api/jc/exchange', { page: pageParam }, { quiet: true }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.current_page < last.last_page ? last.current_page + 1 : undefined),
    enabled: enabled && token !== null,
  });
}

export function useBinding() {
  const token = useToken();
  return useQuery({
    queryKey: [...pointsKey, 'bind', token],
    queryFn: () => api.get<JcBinding>('/api/jc/bind', {}, { quiet: true }),
    enabled: token !== null,
  });
}

export const bindPartner = (account: JcBindRequest) => api.post<string>('/api/jc/bind', account);

export const exchangePoints = (request: JcExchangeRequest) => api.post<string>('/api/jc/exchange', request);

/** After a binding or an exchange: the points, the history and the wallets change. */
export function useRefreshPoints() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: pointsKey });
    void queryClient.invalidateQueries({ queryKey: ['wallet'] });
  };
}
