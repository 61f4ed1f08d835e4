import Decimal from 'decimal.js';
import { formatGrouped, toDecimal } from '../../lib/format';
import type { ChangeBalance, LeverBalance, MicroBalance } from './api';

/** Balances show 8 decimals, totals 4 (document 2, section 9); CNY 2 (document 1, section 9). */
export const BALANCE_DECIMALS = 8;
export const TOTAL_DECIMALS = 4;

/** A spot balance row with its sums, all decimal: a float never holds an amount. */
export interface BalanceRow {
  id: number;
  currency: number;
  name: string;
  network: string;
  available: Decimal;
  frozen: Decimal;
  total: Decimal;
  valueUsdt: Decimal;
  canDeposit: boolean;
  tradable: boolean;
}

const zero = new Decimal(0);

export function toBalanceRow(item: ChangeBalance): BalanceRow {
  const available = toDecimal(item.change_balance) ?? zero;
  const frozen = toDecimal(item.lock_change_balance) ?? zero;
  const total = available.plus(frozen);
  return {
    id: item.id,
    currency: item.currency,
    name: item.currency_name,
    network: item.contract_address,
    available,
    frozen,
    total,
    valueUsdt: total.times(toDecimal(item.usdt_price) ?? zero),
    canDeposit: item.is_charge,
    tradable: item.is_match === 1,
  };
}

/** A lever balance row: the same sums over the lever columns. */
export function leverBalanceRow(
  item: LeverBalance,
): Pick<BalanceRow, 'id' | 'name' | 'available' | 'frozen' | 'total' | 'valueUsdt'> {
  const available = toDecimal(item.lever_balance) ?? zero;
  const frozen = toDecimal(item.lock_lever_balance) ?? zero;
  const total = available.plus(frozen);
  return {
    id: item.id,
    name: item.currency_name,
    available,
    frozen,
    total,
    valueUsdt: total.times(toDecimal(item.usdt_price) ?? zero),
  };
}

/** An options (micro) account row: the same sums over the micro columns. */
export function toMicroRow(item: MicroBalance): BalanceRow {
  return toBalanceRow({
    ...item,
    change_balance: item.micro_balance,
    lock_change_balance: item.lock_micro_balance,
  });
}

/** The rows to show: optionally without empty balances, optionally matching a coin name. */
export function visibleRows(
  rows: BalanceRow[],
  options: { hideZero: boolean; search: string },
): BalanceRow[] {
  const needle = options.search.trim().toUpperCase();
  return rows.filter(
    (row) =>
      (!options.hideZero || !row.total.isZero()) && (!needle || row.name.toUpperCase().includes(needle)),
  );
}

/** An amount as written, without trailing zeros, cut (not rounded) at 8 decimals, with thousands separators. */
export function formatAmount(
  value: Decimal.Value | null | undefined,
  maxDecimals = BALANCE_DECIMALS,
): string {
  const decimal = toDecimal(value);
  if (!decimal) return '--';
  const cut = decimal.toDecimalPlaces(maxDecimals, Decimal.ROUND_DOWN);
  return formatGrouped(cut, Math.max(0, cut.decimalPlaces()));
}

/** A signed change: `+12.5`, `-0.3`. */
export function formatSigned(value: Decimal.Value | null | undefined): string {
  const decimal = toDecimal(value);
  if (!decimal) return '--';
  return `${decimal.greaterThan(0) ? '+' : ''}${formatAmount(decimal)}`;
}
