import { useTranslation } from 'react-i18next';

/** The "load more" button under a paged list: while a page loads it says so and waits. */
export function LoadMore(props: {
  fetching: boolean;
  onMore: () => void;
  label?: string;
  testId: string;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className={`btn btn-sm btn-ghost${props.className ? ` ${props.className}` : ''}`}
      disabled={props.fetching}
      onClick={props.onMore}
      data-testid={props.testId}
    >
      {props.fetching ? t('loading') : (props.label ?? t('action.more'))}
    </button>
  );
}
