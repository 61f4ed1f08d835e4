import type { WalletList } from '@exchange/contracts';
import { prismaSql, type Currency, type Db, type Wallet } from '@exchange/kernel/db';
import {
  availableColumn,
  lockedColumn,
  type Account,
  Money,
  toAmountString,
  toFixedString,
} from '@exchange/kernel/ledger';
import { savingsPrincipals } from '../savings';
import { usdtValuation, type UsdtPriceOf } from '../spot';
import { isOn, readSettings } from '../system';
import { currencyAllows } from './currencies';

type WalletWithCurrency = Wallet & { currency: Currency };

/** A currency's part of every balance item. */
export function currencyFlags(currency: Currency) {
  return {
    currency: currency.id,
    currency_name: currency.name,
    currency_type: currency.currency_type,
    is_legal: currency.is_legal,
    is_lever: currency.is_lever,
    is_match: currency.is_match,
    is_micro: currency.is_micro,
    contract_address: currency.chain_type,
    multi_protocol: 0,
    is_show_memo: currency.name === 'XRP' ? 1 : 0,
  };
}

/** What balance items are valued with: each currency's live USDT price, the CNY rate, whether deposits are open. */
export interface BalanceTerms {
  usdtPriceOf: UsdtPriceOf;
  cnyPerUsdt: Money;
  exRate: string;
  isCharge: boolean;
}

export async function balanceTerms(prisma: Db): Promise<BalanceTerms> {
  const [settings, usdtPriceOf] = await Promise.all([readSettings(prisma), usdtValuation(prismaSql(prisma))]);
  return {
    usdtPriceOf,
    cnyPerUsdt: new Money(settings.USDTRate),
    exRate: settings.USDTRate,
    isCharge: isOn(settings.is_open_CTbi),
  };
}

const held = (wallet: Wallet, account: Account) =>
  new Money(wallet[availableColumn(account)].toFixed()).plus(wallet[lockedColumn(account)].toFixed());

/** One account of one wallet row, in the contract's balance-item shape. */
export function balanceItem(wallet: WalletWithCurrency, account: Account, terms: BalanceTerms) {
  const usdt = terms.usdtPriceOf(wallet.currency);
  return {
    id: wallet.id,
    ...currencyFlags(wallet.currency),
    [availableColumn(account)]: toFixedString(wallet[availableColumn(account)].toFixed(), 8),
    [lockedColumn(account)]: toFixedString(wallet[lockedColumn(account)].toFixed(), 8),
    usdt_price: toAmountString(usdt),
    pb_price: toAmountString(usdt),
    cny_price: toFixedString(usdt.times(terms.cnyPerUsdt), 2),
    is_charge: terms.isCharge,
  };
}

/**
 * The four wallets of the spec with their totals, for the caller only (of one currency when one is named):
 * every balance valued at the live last price of its USDT market, each coin with what of it is held in
 * deposit savings, and the total of all four accounts (`total_assets`).
 */
export async function walletGroups(prisma: Db, userId: number, currencyName: string): Promise<WalletList> {
  const [terms, wallets, inSavings] = await Promise.all([
    balanceTerms(prisma),
    prisma.wallet.findMany({
      where: {
        user_id: userId,
        currency: { is_display: 1, ...(currencyName ? { name: currencyName.toUpperCase() } : {}) },
      },
      include: { currency: true },
      orderBy: { currency: { sort: 'asc' } },
    }),
    savingsPrincipals(prismaSql(prisma), userId),
  ]);
  const group = (account: Account) => {
    const rows = wallets.filter((wallet) => currencyAllows(wallet.currency, account));
    const total = rows.reduce(
      (sum, wallet) => sum.plus(held(wallet, account).times(terms.usdtPriceOf(wallet.currency))),
      new Money(0),
    );
    const view = {
      balance: rows.map((wallet) => ({
        ...balanceItem(wallet, account, terms),
        deposit_balance: toFixedString(inSavings.get(wallet.currency_id) ?? 0, 8),
      })),
      totle: toFixedString(total, 4),
      usdt_totle: toFixedString(total, 4),
      CNY: toFixedString(total.times(terms.cnyPerUsdt), 2),
    };
    return { total, view };
  };
  const groups = {
    change: group('change'),
    legal: group('legal'),
    lever: group('lever'),
    micro: group('micro'),
  };
  const totalAssets = Object.values(groups).reduce((sum, each) => sum.plus(each.total), new Money(0));
  return {
    change_wallet: groups.change.view,
    legal_wallet: groups.legal.view,
    lever_wallet: groups.lever.view,
    micro_wallet: groups.micro.view,
    total_assets: toFixedString(totalAssets, 4),
    ExRate: terms.exRate,
    is_open_CTbi: terms.isCharge ? (1 as const) : (0 as const),
  };
}
