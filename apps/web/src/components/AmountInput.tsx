import type { ReactNode } from 'react';

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
}

/** A box for a decimal amount, with its unit or an addon at its end when given (the P2P and acceptor forms). */
export function AmountInput({ id, value, onChange, placeholder, testId, unit, addon }: Props) {
  const input = (
    <input
      id={id}
      className="input"
      inputMode="decimal"
      value={value}
      placeholder={placeholder}
      onChange={(event) => onChange(event.target.value)}
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
