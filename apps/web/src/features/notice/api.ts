import { useQuery } from '@tanstack/react-query';
import type { NewsDetail } from '@exchange/contracts';
import { api } from '../../lib/api';

/**
 * One notice for the detail screen. Quiet: an unknown or removed id is shown as a "not found" state on the
 * page rather than as an error toast on top of it.
 */
export function noticeDetailQuery(id: number) {
  return {
    queryKey: ['notice', 'detail', id] as const,
    queryFn: () => api.post<NewsDetail>('/api/news/detail', { id }, { quiet: true }),
    enabled: id > 0,
    retry: false,
    staleTime: 60_000,
  };
}

export function useNoticeDetail(id: number) {
  return useQuery(noticeDetailQuery(id));
}
