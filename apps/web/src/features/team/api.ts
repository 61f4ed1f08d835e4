import { useInfiniteQuery } from '@tanstack/react-query';
import type { ProfitPage, ProfitsQuery, TeamLevel, TeamNodeRequest } from '@exchange/contracts';
import { api } from '../../lib/api';
import { useToken } from '../../lib/session';

/**
 * The team calls (document 3, section 7; contract notes section 12): the tree a level at a time and the
 * profit records. Every key carries the token, so another session never sees this one's team.
 */

/** Referrals per page of a level, and profit records per page. */
export const LEVEL_PAGE = 20;
export const PROFIT_PAGE = 15;

/**
 * One level of the caller's team: the direct referrals of `userId` (the caller's own when absent), a page at
 * a time with load more, each with the counters of its own team.
 */
export function useTeamLevel(userId?: number, enabled = true) {
  const token = useToken();
  return useInfiniteQuery({
    queryKey: ['team', 'level', userId ?? 'me', token],
    queryFn: ({ pageParam }) =>
      api.post<TeamLevel>(
        '/api/getNode',
        { user_id: userId, page: pageParam, limit: LEVEL_PAGE } satisfies TeamNodeRequest,
        { quiet: true },
      ),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.limit < last.total ? last.page + 1 : undefined),
    enabled: token !== null && enabled,
    retry: false,
  });
}

/** The caller's rebate and interest records, newest first, a page at a time. */
export function useProfits() {
  const token = useToken();
  return useInfiniteQuery({
    queryKey: ['team', 'profits', token],
    queryFn: ({ pageParam }) =>
      api.get<ProfitPage>(
        '/api/profits/show_profits',
        { page: pageParam, limit: PROFIT_PAGE } satisfies ProfitsQuery,
        { quiet: true },
      ),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.current_page < last.last_page ? last.current_page + 1 : undefined),
    enabled: token !== null,
    retry: false,
  });
}
