import Decimal from 'decimal.js';
import { decimalOrNull } from '../../lib/decimal-input';
import { formatFixed, toDecimal } from '../../lib/format';
import type { BalanceItem, WalletAccount, WalletList } from '@exchange/contracts';

/** Balances show 8 decimals, totals 4 (document 2, section 9); CNY 2 (document 1, section 9). */
export const BALANCE_DECIMALS = 8;
export const TOTAL_DECIMALS = 4;
export const CNY_DECIMALS = 2;

/** The four accounts of document 2: currency ("change", spot), lever (contract), legal (fiat), micro. */
export const ACCOUNTS = ['change', 'lever', 'legal', 'micro'] as const satisfies readonly WalletAccount[];
export type Account = WalletAccount;

export const isAccount = (value: unknown): value is Account =>
  typeof value === 'string' && (ACCOUNTS as readonly string[]).includes(value);

export const WALLET_GROUP = {
  change: 'change_wallet',
  lever: 'lever_wallet',
  legal: 'legal_wallet',
  micro: 'micro_wallet',
} as const satisfies Record<Account, keyof WalletList>;

/** The container's entries (document 2, section 2) and each account's list route. */
export const LIST_PATH: Record<Account, string> = {
  change: '/dealFinance',
  lever: '/finance',
  legal: '/legal',
  micro: '/micro',
};

/** Each account's detail page (query currency_id): lever legalAccount, micro microAccount, fiat dealAccount. */
export const DETAIL_PATH: Record<Account, string> = {
  change: '/changeAccount',
  lever: '/legalAccount',
  legal: '/dealAccount',
  micro: '/microAccount',
};

/**
 * The deposit and withdraw pages (document 2, section 2, "Crypto deposit and withdrawal"; the spec names no
 * route for them, so they follow coinRecord's naming), query currency_id.
 */
export const COIN_PAGE_PATH = { deposit: '/coinDeposit', withdraw: '/coinWithdraw' } as const;

/** Which account a list or detail route shows. */
export function accountOfPath(pathname: string, paths: Record<Account, string>): Account | null {
  return ACCOUNTS.find((account) => paths[account] === pathname) ?? null;
}

/**
 * The transfer routes: the pair each fixed variant moves between (document 2, section 2), and the general
 * page, which takes any two of the four accounts.
 */
export const TRANSFER_PAIRS: Record<string, readonly [Account, Account] | null> = {
  '/transferLegal': ['change', 'legal'],
  '/transferLever': ['change', 'lever'],
  '/transfermicro': ['change', 'micro'],
  '/transfer': null,
};

/** One currency of one account, all decimal: a float never holds an amount. */
export interface BalanceRow {
  currency: number;
  name: string;
  network: string;
  available: Decimal;
  frozen: Decimal;
  total: Decimal;
  valueUsdt: Decimal;
}

const zero = new Decimal(0);

export const availableOf = (item: Omit<BalanceItem, 'id'>, account: Account) =>
  item[`${account}_balance`] ?? '0';
export const frozenOf = (item: Omit<BalanceItem, 'id'>, account: Account) =>
  item[`lock_${account}_balance`] ?? '0';

export function toBalanceRow(item: Omit<BalanceItem, 'id'>, account: Account): BalanceRow {
  const available = toDecimal(availableOf(item, account)) ?? zero;
  const frozen = toDecimal(frozenOf(item, account)) ?? zero;
  const total = available.plus(frozen);
  return {
    currency: item.currency,
    name: item.currency_name,
    network: item.contract_address,
    available,
    frozen,
    total,
    valueUsdt: total.times(toDecimal(item.usdt_price) ?? zero),
  };
}

export const accountRows = (wallets: WalletList, account: Account): BalanceRow[] =>
  wallets[WALLET_GROUP[account]].balance.map((item) => toBalanceRow(item, account));

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

export interface TransferCoin {
  currency: number;
  name: string;
  /** What the source account holds free of locks. */
  available: string;
}

/**
 * The coins a transfer between two accounts offers: only those present in both (document 2, section 3),
 * in the source account's order, with the source account's available balance.
 */
export function transferCoins(wallets: WalletList, from: Account, to: Account): TransferCoin[] {
  const target = new Set(wallets[WALLET_GROUP[to]].balance.map((item) => item.currency));
  return wallets[WALLET_GROUP[from]].balance
    .filter((item) => target.has(item.currency))
    .map((item) => ({
      currency: item.currency,
      name: item.currency_name,
      available: availableOf(item, from),
    }));
}

/** The account on the other side of a pair, or the first other account for the general page. */
export function otherAccount(account: Account, pair: readonly [Account, Account] | null): Account {
  if (pair) return pair[0] === account ? pair[1] : pair[0];
  return ACCOUNTS.find((candidate) => candidate !== account) ?? 'change';
}

export type AmountProblem = 'amountRequired' | 'amountInvalid' | 'tooMuch' | 'belowMin';

/** What is wrong with an amount to move out of an account, or null (document 2, section 5). */
export function amountProblem(
  amount: string,
  available: Decimal.Value,
  min: Decimal.Value = 0,
): AmountProblem | null {
  if (amount.trim() === '') return 'amountRequired';
  const value = decimalOrNull(amount);
  if (!value || value.lessThanOrEqualTo(0)) return 'amountInvalid';
  if (value.lessThan(min)) return 'belowMin';
  if (value.greaterThan(available)) return 'tooMuch';
  return null;
}

/** An amount as written, without trailing zeros, cut (not rounded) at 8 decimals, with thousands separators. */
export function formatAmount(
  value: Decimal.Value | null | undefined,
  maxDecimals = BALANCE_DECIMALS,
): string {
  const decimal = toDecimal(value);
  if (!decimal) return '--';
  const cut = decimal.toDecimalPlaces(maxDecimals, Decimal.ROUND_DOWN);
  return formatFixed(cut, Math.max(0, cut.decimalPlaces()));
}

/** A balance at the 8 decimals of the documents, cut rather than rounded up: never more than is there. */
export function formatBalance(value: Decimal.Value | null | undefined): string {
  const decimal = toDecimal(value);
  return decimal
    ? formatFixed(decimal.toDecimalPlaces(BALANCE_DECIMALS, Decimal.ROUND_DOWN), BALANCE_DECIMALS)
    : '--';
}

/** A signed change: `+12.5`, `-0.3`. */
export function formatSigned(value: Decimal.Value | null | undefined): string {
  const decimal = toDecimal(value);
  if (!decimal) return '--';
  return `${decimal.greaterThan(0) ? '+' : ''}${formatAmount(decimal)}`;
}

/** A value in USDT (4 decimals) and in CNY at the exchange's rate (2 decimals). */
export function valuation(usdt: Decimal.Value, cnyPerUsdt: Decimal.Value | null | undefined) {
  const value = toDecimal(usdt) ?? zero;
  const rate = toDecimal(cnyPerUsdt) ?? zero;
  return {
    usdt: formatFixed(value, TOTAL_DECIMALS),
    cny: formatFixed(value.times(rate), CNY_DECIMALS),
  };
}
