import { useTranslation } from 'react-i18next';

/** What the control needs of an infinite query. */
export interface MorePages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * The "load more" control under a paged list (document 2, section 4): a button while pages come back full,
 * which says so while the next page loads. Once the last page arrived it disappears, or turns into
 * `noMoreLabel` where the screen shows "no more". An empty list (`shown` 0) shows no control at all.
 */
export function LoadMore({
  pages,
  shown,
  label,
  noMoreLabel,
  testId,
  className,
}: {
  pages: MorePages;
  shown?: number;
  label?: string;
  noMoreLabel?: string;
  testId?: string;
  className?: string;
}) {
  const { t } = useTranslation();
  if (shown === 0) return null;
  if (!pages.hasNextPage && noMoreLabel === undefined) return null;
  return (
    <div className={`load-more${className ? ` ${className}` : ''}`}>
      {pages.hasNextPage ? (
        <button
          type="button"
          className="btn btn-sm btn-ghost"
          disabled={pages.isFetchingNextPage}
          onClick={() => void pages.fetchNextPage()}
          data-testid={testId}
        >
          {pages.isFetchingNextPage ? t('loading') : (label ?? t('action.more'))}
        </button>
      ) : (
        <span className="muted" data-testid="no-more">
          {noMoreLabel}
        </span>
      )}
    </div>
  );
}
