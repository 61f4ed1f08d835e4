import type { BalanceItem } from '@exchange/contracts';

/** A choice among the coins of an account list, by currency id, named as the list names them. */
export function CoinSelect({
  coins,
  value,
  onChange,
  testId,
}: {
  coins: BalanceItem[];
  value: number | null;
  onChange: (currency: number) => void;
  testId: string;
}) {
  return (
    <select
      className="select"
      value={value ?? ''}
      onChange={(event) => onChange(Number(event.target.value))}
      data-testid={testId}
    >
      {coins.map((item) => (
        <option key={item.currency} value={item.currency}>
          {item.currency_name}
        </option>
      ))}
    </select>
  );
}
