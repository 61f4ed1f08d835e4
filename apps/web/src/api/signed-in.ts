import { useInfiniteQuery, useQuery, type QueryKey } from '@tanstack/react-query';
import { useToken } from '../lib/session';

/** What a signed-in query may add to the client's defaults. */
interface Options {
  /** Besides a session: false waits (a currency not chosen yet). */
  enabled?: boolean;
  refetchInterval?: number;
  staleTime?: number;
  retry?: boolean;
}

/** The next page of a Laravel paginator, none after the last. */
export const nextLaravelPage = (last: { current_page: number; last_page: number }) =>
  last.current_page < last.last_page ? last.current_page + 1 : undefined;

/**
 * The signed-in user's data: the key ends with the token, so signing out or in never shows the previous
 * user's data, and nothing is asked without a session. Keys start with the area, which refreshes them all.
 */
export function useSignedInQuery<T>(
  key: QueryKey,
  fetch: () => Promise<T>,
  { enabled = true, ...options }: Options = {},
) {
  const token = useToken();
  return useQuery({
    ...options,
    queryKey: [...key, token],
    queryFn: fetch,
    enabled: token !== null && enabled,
  });
}

/** The signed-in user's records a page at a time (page numbers from 1), as `useSignedInQuery` keys them. */
export function useSignedInPages<Page>(
  key: QueryKey,
  fetchPage: (page: number) => Promise<Page>,
  nextPage: (last: Page, pages: Page[], lastPage: number) => number | undefined,
  { enabled = true, ...options }: Options = {},
) {
  const token = useToken();
  return useInfiniteQuery({
    ...options,
    queryKey: [...key, token],
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    enabled: token !== null && enabled,
  });
}
