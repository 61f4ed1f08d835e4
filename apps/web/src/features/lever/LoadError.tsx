import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api';
import './i18n';

interface Props {
  error: Error;
  onRetry: () => void;
  className?: string;
}

/**
 * A list that could not be loaded: the server's refusal as it worded it (in the user's language), or, when
 * no answer came at all, our own words instead of the browser's ("Failed to fetch"); and a way to try again.
 */
export function LoadError({ error, onRetry, className = 'empty' }: Props) {
  const { t } = useTranslation('lever');
  return (
    <div className={className} role="alert" data-testid="lever-load-error">
      <p>{error instanceof ApiError && error.message ? error.message : t('page.listError')}</p>
      <button type="button" className="btn btn-sm btn-ghost" onClick={onRetry} data-testid="lever-retry">
        {t('page.retry')}
      </button>
    </div>
  );
}
