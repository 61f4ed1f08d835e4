import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../components/Field';
import { normalizeDecimal } from '../../lib/decimal-input';
import { AmountInput } from '../../components/AmountInput';
import { BALANCE_DECIMALS, formatAmount } from './assets';

/**
 * The amount of a transfer or a withdrawal: the coin after it, All fills what the account holds, and that
 * figure under it. Test ids `<prefix>-amount`, `<prefix>-all` and `<prefix>-available`.
 */
export function AmountField({
  testIdPrefix,
  value,
  onChange,
  coin,
  available,
  placeholder,
}: {
  testIdPrefix: string;
  value: string;
  onChange: (value: string) => void;
  coin: string;
  available: string;
  placeholder?: string;
}) {
  const { t } = useTranslation('assets');
  return (
    <Field label={t('form.amount')}>
      <AmountInput
        value={value}
        onChange={onChange}
        unit={coin}
        placeholder={placeholder}
        decimals={BALANCE_DECIMALS}
        testId={`${testIdPrefix}-amount`}
        addon={
          <button
            type="button"
            className="btn btn-link"
            onClick={() => onChange(normalizeDecimal(available))}
            data-testid={`${testIdPrefix}-all`}
          >
            {t('form.all')}
          </button>
        }
      />
      <span className="assets-hint muted" data-testid={`${testIdPrefix}-available`}>
        {t('form.available', { amount: formatAmount(available), coin })}
      </span>
    </Field>
  );
}

/** A chain address as typed (the one bound for withdrawals, the one a deposit came from). */
export function AddressInput({
  value,
  onChange,
  placeholder,
  testId,
  className = 'input',
}: {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  testId: string;
  className?: string;
}) {
  return (
    <input
      className={className}
      value={value}
      maxLength={128}
      placeholder={placeholder}
      onChange={(event) => onChange(event.target.value)}
      data-testid={testId}
    />
  );
}

/** The memo (tag) some chains need beside the address. */
export function MemoField({
  value,
  onChange,
  testId,
}: {
  value: string;
  onChange: (value: string) => void;
  testId?: string;
}) {
  const { t } = useTranslation('assets');
  return (
    <Field label={t('withdraw.memo')}>
      <input
        className="input"
        value={value}
        maxLength={128}
        onChange={(event) => onChange(event.target.value)}
        data-testid={testId}
      />
    </Field>
  );
}

export interface SelectOption {
  value: string | number;
  label: ReactNode;
}

interface SelectProps {
  value: string | number;
  options: readonly SelectOption[];
  onChange: (value: string) => void;
  testId: string;
}

/** A choice among options, each shown by its label. */
export function Select({ value, options, onChange, testId }: SelectProps) {
  return (
    <select
      className="select"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      data-testid={testId}
    >
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}

/** A labelled choice. */
export function SelectField({ label, ...select }: SelectProps & { label: ReactNode }) {
  return (
    <Field label={label}>
      <Select {...select} />
    </Field>
  );
}
