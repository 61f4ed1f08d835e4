import type { InfiniteData, UseInfiniteQueryResult, UseQueryResult } from '@tanstack/react-query';
import type { Key, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type MaybeColumn } from '../../components/DataTable';
import { LoadFailed as SharedLoadFailed } from '../../components/LoadFailed';
import { LoadMore } from '../../components/LoadMore';
import { Spinner } from '../../components/States';

export const Loading = Spinner;

/** A load failure with the server's reason and a retry, as the assets panels frame it. */
export function LoadFailed({ error, onRetry }: { error: Error; onRetry: () => void }) {
  return (
    <SharedLoadFailed error={error} onRetry={onRetry} className="panel empty" testId="assets-load-failed" />
  );
}

/** A query's answer once it came: the spinner while it loads, the failure with a retry, else `children`. */
export function Loaded<Data>({
  query,
  children,
}: {
  query: UseQueryResult<Data>;
  children: (data: Data) => ReactNode;
}) {
  if (query.isPending) return <Loading />;
  if (query.isError) return <LoadFailed error={query.error} onRetry={() => void query.refetch()} />;
  return children(query.data);
}

/** A record table loaded a page at a time: loading, error, the rows, "no data", then load more or no more. */
export function PagedTable<Page, Row>({
  query,
  rowsOf,
  columns,
  rowKey,
  rowTestId,
}: {
  query: UseInfiniteQueryResult<InfiniteData<Page>>;
  rowsOf: (page: Page) => Row[];
  columns: readonly MaybeColumn<Row>[];
  rowKey: (row: Row) => Key;
  rowTestId: string;
}) {
  const { t } = useTranslation('assets');
  if (query.isPending) return <Loading />;
  if (query.isError) return <LoadFailed error={query.error} onRetry={() => void query.refetch()} />;
  const rows = query.data.pages.flatMap(rowsOf);
  return (
    <>
      <div className="assets-table-wrap">
        <DataTable
          columns={columns}
          rows={rows}
          rowKey={rowKey}
          rowProps={() => ({ 'data-testid': rowTestId })}
        />
        {rows.length === 0 && <div className="empty">{t('common:noData')}</div>}
      </div>
      <LoadMore
        pages={query}
        shown={rows.length}
        className="assets-more"
        label={t('loadMore')}
        noMoreLabel={t('noMore')}
        testId="load-more"
      />
    </>
  );
}
