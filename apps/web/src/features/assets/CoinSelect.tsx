import type { BalanceItem } from '@exchange/contracts';
import { Select } from './fields';

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
    <Select
      value={value ?? ''}
      options={coins.map((item) => ({ value: item.currency, label: item.currency_name }))}
      onChange={(currency) => onChange(Number(currency))}
      testId={testId}
    />
  );
}
