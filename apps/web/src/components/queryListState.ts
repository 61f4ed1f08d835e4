import type { ListStateProps } from './ListState';

/** What a list's states need, read from its query and the number of rows it shows. */
export function queryListState(
  query: { isPending: boolean; isError: boolean; refetch: () => Promise<unknown> },
  shown: number,
): Omit<ListStateProps, 'emptyText'> {
  return {
    pending: query.isPending,
    error: query.isError,
    empty: shown === 0,
    onRetry: () => void query.refetch(),
  };
}
