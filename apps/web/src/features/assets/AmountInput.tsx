import { useTranslation } from 'react-i18next';
import { isBlockedKey, sanitizeDecimalInput } from '../../lib/decimal-input';
import { BALANCE_DECIMALS } from './assets';

/**
 * An amount field of the assets area: digits and one dot, at most the 8 decimals balances carry (the server
 * checks the coin's own precision), the coin after it, and an optional All button.
 */
export function AmountInput({
  value,
  onChange,
  unit,
  placeholder,
  onAll,
  testId,
  allTestId,
}: {
  value: string;
  onChange: (value: string) => void;
  unit: string;
  placeholder?: string;
  onAll?: () => void;
  testId: string;
  allTestId?: string;
}) {
  const { t } = useTranslation('assets');
  return (
    <div className="input-group">
      <input
        className="input num"
        inputMode="decimal"
        value={value}
        placeholder={placeholder}
        onKeyDown={(event) => isBlockedKey(event.key) && event.preventDefault()}
        onChange={(event) => onChange(sanitizeDecimalInput(event.target.value, BALANCE_DECIMALS))}
        data-testid={testId}
      />
      <span className="input-addon">{unit}</span>
      {onAll && (
        <button type="button" className="btn btn-link" onClick={onAll} data-testid={allTestId}>
          {t('form.all')}
        </button>
      )}
    </div>
  );
}
