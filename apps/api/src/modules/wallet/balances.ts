import type { WalletList } from '@exchange/contracts';
import type { Currency, Db, Wallet } from '@exchange/kernel/db';
import {
  availableColumn,
  lockedColumn,
  type Account,
  Money,
  toAmountString,
  toFixedString,
} from '@exchange/kernel/ledger';
import { isOn, readSettings } from '../system';
import { currencyAllows, usdtPriceOf } from './currencies';

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

const held = (wallet: Wallet, account: Account) =>
  new Money(wallet[availableColumn(account)].toFixed()).plus(wallet[lockedColumn(account)].toFixed());

/** One account of one wallet row, in the contract's balance-item shape. */
export function balanceItem(
  wallet: WalletWithCurrency,
  account: Account,
  cnyPerUsdt: Money,
  isCharge: boolean,
) {
  const usdt = usdtPriceOf(wallet.currency);
  return {
    id: wallet.id,
    ...currencyFlags(wallet.currency),
    [availableColumn(account)]: toFixedString(wallet[availableColumn(account)].toFixed(), 8),
    [lockedColumn(account)]: toFixedString(wallet[lockedColumn(account)].toFixed(), 8),
    usdt_price: toAmountString(usdt),
    pb_price: toAmountString(usdt),
    cny_price: toFixedString(usdt.times(cnyPerUsdt), 2),
    is_charge: isCharge,
  };
}

/** The four wallets of the spec with their totals, for the caller only (of one currency when one is named). */
export async function walletGroups(prisma: Db, userId: number, currencyName: string): Promise<WalletList> {
  const settings = await readSettings(prisma);
  const cnyPerUsdt = new Money(settings.USDTRate);
  const isCharge = isOn(settings.is_open_CTbi);
  const wallets = await prisma.wallet.findMany({
    where: {
      user_id: userId,
      currency: { is_display: 1, ...(currencyName ? { name: currencyName.toUpperCase() } : {}) },
    },
    include: { currency: true },
    orderBy: { currency: { sort: 'asc' } },
  });
  const group = (account: Account) => {
    const rows = wallets.filter((wallet) => currencyAllows(wallet.currency, account));
    const usdtTotal = rows.reduce(
      (sum, wallet) => sum.plus(held(wallet, account).times(usdtPriceOf(wallet.currency))),
      new Money(0),
    );
    return {
      balance: rows.map((wallet) => balanceItem(wallet, account, cnyPerUsdt, isCharge)),
      totle: toFixedString(usdtTotal, 4),
      usdt_totle: toFixedString(usdtTotal, 4),
      CNY: toFixedString(usdtTotal.times(cnyPerUsdt), 2),
    };
  };
  return {
    change_wallet: group('change'),
    legal_wallet: group('legal'),
    lever_wallet: group('lever'),
    micro_wallet: group('micro'),
    ExRate: settings.USDTRate,
    is_open_CTbi: isCharge ? (1 as const) : (0 as const),
  };
}
