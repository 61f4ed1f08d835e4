import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { DataTable, type MaybeColumn } from './DataTable';
import { ListState } from './ListState';
import { LoadMore } from './LoadMore';

interface PagedRecordsProps<Row extends { id: number }> {
  /** The records, a Laravel page (`data`) at a time. */
  query: UseInfiniteQueryResult<InfiniteData<{ data: Row[] }>>;
  columns: readonly MaybeColumn<Row>[];
  /** Test ids: of every row, of the "load more" button, and the prefix of the list states' ones. */
  ids: { row: string; more: string; states: string };
  /** The area's "nothing yet", its words for a failed load and, where it has its own, for "load more". */
  texts: { empty: string; loadError: string; more?: string };
  /** The class of the "load more" row, and of a frame around the table alone (a scrolling wrapper). */
  classes: { more: string; tableWrap?: string };
}

/**
 * A user's records loaded a page at a time: loading, a failure with retry or "nothing yet" while there are
 * no rows, else the table and the "load more" control under it.
 */
export function PagedRecords<Row extends { id: number }>({
  query,
  columns,
  ids,
  texts,
  classes,
}: PagedRecordsProps<Row>) {
  const rows = query.data?.pages.flatMap((page) => page.data) ?? [];
  if (rows.length === 0)
    return (
      <ListState
        pending={query.isPending}
        error={query.isError}
        empty
        onRetry={() => void query.refetch()}
        emptyText={texts.empty}
        area={ids.states}
        text={texts}
      />
    );
  const table = (
    <DataTable
      columns={columns}
      rows={rows}
      rowKey={(row) => row.id}
      rowProps={() => ({ 'data-testid': ids.row })}
    />
  );
  return (
    <>
      {classes.tableWrap ? <div className={classes.tableWrap}>{table}</div> : table}
      <LoadMore pages={query} className={classes.more} label={texts.more} testId={ids.more} />
    </>
  );
}
