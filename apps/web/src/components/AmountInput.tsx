import type { ReactNode } from 'react';
import { isBlockedKey, sanitizeDecimalInput } from '../lib/decimal-input';

interface Props {
  id?: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  testId?: string;
  /** The unit shown at the end of the box (a coin, a fiat code). */
  unit?: ReactNode;
  /** Another addon at the end of the box (an "all" button), already styled as `input-addon`. */
  addon?: ReactNode;
  /** Where given, what is typed is kept to digits, one dot and this many decimals. */
  decimals?: number;
}

/** A box for a decimal amount, with its unit or an addon at its end when given. */
export function AmountInput({ id, value, onChange, placeholder, testId, unit, addon, decimals }: Props) {
  const input = (
    <input
      id={id}
      className="input num"
      inputMode="decimal"
      value={value}
      placeholder={placeholder}
      onKeyDown={(event) => decimals !== undefined && isBlockedKey(event.key) && event.preventDefault()}
      onChange={(event) =>
        onChange(
          decimals === undefined ? event.target.value : sanitizeDecimalInput(event.target.value, decimals),
        )
      }
      data-testid={testId}
    />
  );
  if (unit === undefined && addon === undefined) return input;
  return (
    <div className="input-group">
      {input}
      {unit !== undefined && <span className="input-addon">{unit}</span>}
      {addon}
    </div>
  );
}
