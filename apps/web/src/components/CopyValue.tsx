import { useTranslation } from 'react-i18next';
import { copyText } from '../lib/clipboard';
import './copy-value.css';

/** The registration link a friend opens with this user's invite code prefilled. */
export function inviteLink(
  code: string,
  location: Pick<Location, 'origin' | 'pathname'> = window.location,
): string {
  return `${location.origin}${location.pathname}#/components/register?extension_code=${encodeURIComponent(code)}`;
}

/** A value in a field-like box with a copy button beside it ('--' and no button while there is none). */
export function CopyValue({ value, testId, mono = true }: { value: string; testId: string; mono?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="copy-value">
      <span className={`copy-text${mono ? ' num' : ''}`} data-testid={testId} title={value}>
        {value || '--'}
      </span>
      <button
        type="button"
        className="btn btn-ghost btn-sm"
        disabled={!value}
        onClick={() => void copyText(value)}
        data-testid={`${testId}-copy`}
      >
        {t('action.copy')}
      </button>
    </div>
  );
}
