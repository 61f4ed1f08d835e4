import { useTranslation } from 'react-i18next';
import { LoadFailed } from './LoadFailed';
import { Spinner } from './States';

export interface ListStateProps {
  pending: boolean;
  error: boolean;
  empty: boolean;
  onRetry: () => void;
  emptyText?: string;
}

interface Props extends ListStateProps {
  /** Prefix of the states' test ids (`<prefix>-list-error`, `<prefix>-list-empty`). */
  area: string;
  /** The area's words for a list that could not load. */
  text: { loadError: string };
}

/** Loading, error and empty states of a list, or null when it has rows to show. */
export function ListState({ pending, error, empty, onRetry, emptyText, area, text }: Props) {
  const { t } = useTranslation();
  if (pending) return <Spinner />;
  if (error && empty)
    return <LoadFailed onRetry={onRetry} message={text.loadError} testId={`${area}-list-error`} />;
  if (empty)
    return (
      <div className="empty" data-testid={`${area}-list-empty`}>
        {emptyText ?? t('noData')}
      </div>
    );
  return null;
}
