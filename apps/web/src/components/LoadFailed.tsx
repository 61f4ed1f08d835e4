import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/api';

/**
 * Something that could not be loaded: the server's refusal as it worded it (in the user's language), or, when
 * no answer came at all, our own words instead of the browser's ("Failed to fetch"); and a way to try again.
 */
export function LoadFailed({
  error,
  onRetry,
  message,
  testId,
  retryTestId,
  className = 'empty',
}: {
  error?: Error | null;
  onRetry: () => void;
  /** The screen's own words for the failure, used when the server gave none. */
  message?: string;
  testId?: string;
  retryTestId?: string;
  className?: string;
}) {
  const { t } = useTranslation();
  const serverWords = error instanceof ApiError && error.message ? error.message : undefined;
  return (
    <div className={className} role="alert" data-testid={testId}>
      <p>{serverWords ?? message ?? t('loadFailed')}</p>
      <button type="button" className="btn btn-sm btn-ghost" onClick={onRetry} data-testid={retryTestId}>
        {t('retry')}
      </button>
    </div>
  );
}
