import type { PageData, RegionUser, RegionUsersQuery } from '@exchange/contracts';
import { api } from '../../lib/api';
import { useSignedInPages } from '../../api/signed-in';

export type { RegionUser } from '@exchange/contracts';

/**
 * The agent's users, a page at a time with load more; the next page is asked for while the last one came
 * back non-empty (document 2, section 4: an empty page turns "more" into "no more").
 */
export function useRegionUsers() {
  return useSignedInPages(
    ['region', 'users'],
    (page) =>
      api.get<PageData<RegionUser>>('/api/user/region_users', { page } satisfies RegionUsersQuery, {
        quiet: true,
      }),
    (last, _all, page) =>
      last.data.length > 0 && (last.pages === undefined || page < last.pages) ? page + 1 : undefined,
    { retry: false },
  );
}
