import { PAY_WAYS } from '@exchange/contracts/constants';

interface Props {
  /** The group's class, its area's look. */
  className: string;
  /** The group's id (a form's problem focuses it), its radios' name and the prefix of their test ids. */
  id: string;
  /** Announce the group as a radio group. */
  radiogroup?: boolean;
  value: string;
  onChange: (way: string) => void;
  labelOf: (way: string) => string;
}

/** One radio for each way a fiat payment is made (the contract's list), as the P2P and acceptor forms ask. */
export function PayWayRadios({ className, id, radiogroup, value, onChange, labelOf }: Props) {
  return (
    <div className={className} role={radiogroup ? 'radiogroup' : undefined} id={id} tabIndex={-1}>
      {PAY_WAYS.map((way) => (
        <label key={way} className="checkbox">
          <input
            type="radio"
            name={id}
            checked={value === way}
            onChange={() => onChange(way)}
            data-testid={`${id}-${way}`}
          />
          {labelOf(way)}
        </label>
      ))}
    </div>
  );
}
