import { AmountInput } from './AmountInput';
import { Field } from './Field';

/**
 * A labelled decimal amount kept to `decimals` places, with an "all" button that fills `all` (what the user
 * may use). The input's id is also its test id.
 */
export function AmountAllField({
  id,
  label,
  value,
  onChange,
  decimals,
  placeholder,
  all,
  allLabel,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  decimals: number;
  placeholder: string;
  all: string;
  allLabel: string;
}) {
  return (
    <Field label={label} htmlFor={id}>
      <AmountInput
        id={id}
        value={value}
        onChange={onChange}
        decimals={decimals}
        placeholder={placeholder}
        testId={id}
        addon={
          <button type="button" className="btn btn-sm btn-ghost input-addon" onClick={() => onChange(all)}>
            {allLabel}
          </button>
        }
      />
    </Field>
  );
}
