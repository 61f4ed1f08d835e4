import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../components/LoadFailed';

/** A lever list that could not be loaded, in the lever pages' words, with a way to try again. */
export function LoadError({
  error,
  onRetry,
  className,
}: {
  error: Error;
  onRetry: () => void;
  className?: string;
}) {
  const { t } = useTranslation('lever');
  return (
    <LoadFailed
      error={error}
      onRetry={onRetry}
      message={t('page.listError')}
      className={className}
      testId="lever-load-error"
      retryTestId="lever-retry"
    />
  );
}
