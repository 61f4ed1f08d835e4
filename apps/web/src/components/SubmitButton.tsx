import { useTranslation } from 'react-i18next';

interface SubmitButtonProps {
  testId: string;
  /** While the request runs: the button reads `busyLabel` (and is disabled unless `disabled` says otherwise). */
  busy: boolean;
  disabled?: boolean;
  label?: string;
  busyLabel?: string;
  className?: string;
}

/** A form's submit button; by default it reads confirm, and loading while the request runs. */
export function SubmitButton({
  testId,
  busy,
  disabled = busy,
  label,
  busyLabel,
  className = 'btn btn-primary',
}: SubmitButtonProps) {
  const { t } = useTranslation();
  return (
    <button type="submit" className={className} data-testid={testId} disabled={disabled}>
      {busy ? (busyLabel ?? t('loading')) : (label ?? t('action.confirm'))}
    </button>
  );
}
