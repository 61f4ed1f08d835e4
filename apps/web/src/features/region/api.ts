import { useInfiniteQuery } from '@tanstack/react-query';
import type { PageData, RegionUser, RegionUsersQuery } from '@exchange/contracts';
import { api } from '../../lib/api';
import { useToken } from '../../lib/session';

export type { RegionUser } from '@exchange/contracts';

/**
 * The agent's users, a page at a time with load more; the next page is asked for while the last one came
 * back non-empty (document 2, section 4: an empty page turns "more" into "no more").
 */
export function useRegionUsers() {
  const token = useToken();
  return useInfiniteQuery({
    queryKey: ['region', 'users', token],
    queryFn: ({ pageParam }) =>
      api.get<PageData<RegionUser>>(
        '/api/user/region_users',
        { page: pageParam } satisfies RegionUsersQuery,
        { quiet: true },
      ),
    initialPageParam: 1,
    getNextPageParam: (last, _all, page) =>
      last.data.length > 0 && (last.pages === undefined || page < last.pages) ? page + 1 : undefined,
    enabled: token !== null,
    retry: false,
  });
}
