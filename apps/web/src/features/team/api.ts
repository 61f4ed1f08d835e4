import type { ProfitPage, ProfitsQuery, TeamLevel, TeamNodeRequest } from '@exchange/contracts';
import { api } from '../../lib/api';
import { nextLaravelPage, useSignedInPages } from '../../api/signed-in';

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
  return useSignedInPages(
    ['team', 'level', userId ?? 'me'],
    (page) =>
      api.post<TeamLevel>(
        '/api/getNode',
        { user_id: userId, page, limit: LEVEL_PAGE } satisfies TeamNodeRequest,
        { quiet: true },
      ),
    (last) => (last.page * last.limit < last.total ? last.page + 1 : undefined),
    { enabled, retry: false },
  );
}

/** The caller's rebate and interest records, newest first, a page at a time. */
export function useProfits() {
  return useSignedInPages(
    ['team', 'profits'],
    (page) =>
      api.get<ProfitPage>('/api/profits/show_profits', { page, limit: PROFIT_PAGE } satisfies ProfitsQuery, {
        quiet: true,
      }),
    nextLaravelPage,
    { retry: false },
  );
}
