import type { CurrencyInfo } from '@exchange/contracts';
import type { Db } from '@exchange/kernel/db';
import { toAmountString, toFixedString } from '@exchange/kernel/ledger';
import { isOn, readSettings } from '../system';
import { depositAddressOf } from './deposit-address';
import type { DepositKeys } from './deposit-keys';
import { findCurrency } from './currencies';

/**
 * A currency's withdrawal limits, fee and chain, the caller's balances, their own code (which tags a deposit
 * that needs a memo) and (while deposits are open and its network has a key) deposit address.
 */
export async function currencyInfo(
  deps: { prisma: Db; keys: DepositKeys },
  userId: number,
  currencyName: string,
): Promise<CurrencyInfo> {
  const currency = await findCurrency(deps.prisma, currencyName);
  const [wallet, user, settings] = await Promise.all([
    deps.prisma.wallet.findUnique({
      where: { user_id_currency_id: { user_id: userId, currency_id: currency.id } },
    }),
    deps.prisma.user.findUniqueOrThrow({ where: { id: userId }, select: { extension_code: true } }),
    readSettings(deps.prisma),
  ]);
  const typeData = {
    id: currency.id,
    type: currency.chain_type,
    contract_address: currency.chain_type,
    min_number: toAmountString(currency.min_number.toFixed()),
    rate: toAmountString(currency.rate.toFixed()),
  };
  return {
    name: currency.name,
    rate: typeData.rate,
    min_number: typeData.min_number,
    max_number: toAmountString(currency.max_number.toFixed()),
    change_balance: toFixedString(wallet?.change_balance.toFixed() ?? '0', 8),
    legal_balance: toFixedString(wallet?.legal_balance.toFixed() ?? '0', 8),
    type: currency.chain_type,
    contract_address: currency.chain_type,
    decimal_scale: currency.decimal_scale,
    multi_protocol: 0,
    type_data: [typeData],
    wallet_data: {
      currency: currency.id,
      label: isOn(settings.is_open_CTbi) ? (await depositAddressOf(deps, userId, currency)).address : '',
    },
    make_wallet: currency.name === 'XRP' ? 2 : 1,
    exchange_ate: settings.USDTRate,
    extension_code: user.extension_code,
  };
}
