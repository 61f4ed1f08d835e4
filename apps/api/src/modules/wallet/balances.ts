import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  answerSchema,
  currencyInfoSchema,
  legacyWalletListSchema,
  walletDetailSchema,
  walletListSchema,
} from '@exchange/contracts';
import type { Currency, Wallet } from '@exchange/kernel/db';
import { currentUser } from '../../http/auth';
import { AppError } from '@exchange/kernel/errors';
import { form, optionalText, requiredText } from '@exchange/contracts';
import {
  availableColumn,
  isAccount,
  lockedColumn,
  type Account,
  Money,
  toAmountString,
  toFixedString,
} from '@exchange/kernel/ledger';
import { isOn, readSettings } from '../system';
import { depositAddressFor } from './addresses';
import { currencyAllows, findCurrency, usdtPriceOf } from './currencies';

type WalletWithCurrency = Wallet & { currency: Currency };

function currencyFlags(currency: Currency) {
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
function balanceItem(wallet: WalletWithCurrency, account: Account, cnyPerUsdt: Money, isCharge: boolean) {
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

/** The four wallets of the spec with their totals, for the caller only. */
async function walletGroups(app: FastifyInstance, userId: number, currencyName: string) {
  const settings = await readSettings(app.prisma);
  const cnyPerUsdt = new Money(settings.USDTRate);
  const isCharge = isOn(settings.is_open_CTbi);
  const wallets = await app.prisma.wallet.findMany({
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

const listBody = form({ currency_name: optionalText(16) });
const currencyBody = form({ currency: requiredText('currency_not_found', 16) });
const detailBody = form({ currency: requiredText('currency_not_found', 16), type: optionalText(16) });

export function balanceRoutes(app: FastifyInstance): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.post(
    '/api/wallet/list',
    {
      schema: { body: listBody, response: { 200: answerSchema(walletListSchema) } },
      onRequest: app.requireUser,
    },
    async (request) => ({
      type: 'ok' as const,
      message: await walletGroups(app, currentUser(request).id, request.body.currency_name),
    }),
  );

  // The older GET variant names a user_id; it only ever shows the caller's own wallets.
  const legacyList = {
    schema: { response: { 200: answerSchema(legacyWalletListSchema) } },
    onRequest: app.requireUser,
  };
  typed.get('/api/wallet/list', legacyList, async (request) => {
    const groups = await walletGroups(app, currentUser(request).id, '');
    return { type: 'ok' as const, message: { list: groups.change_wallet.balance, ...groups } };
  });

  typed.post(
    '/api/wallet/detail',
    {
      schema: { body: detailBody, response: { 200: answerSchema(walletDetailSchema) } },
      onRequest: app.requireUser,
    },
    async (request) => {
      const account = request.body.type || 'change';
      if (!isAccount(account)) throw new AppError('account_type_invalid');
      const user = currentUser(request);
      const currency = await findCurrency(app.prisma, request.body.currency);
      const settings = await readSettings(app.prisma);
      const wallet = await app.prisma.wallet.findUnique({
        where: { user_id_currency_id: { user_id: user.id, currency_id: currency.id } },
        include: { currency: true },
      });
      const item = wallet
        ? balanceItem(wallet, account, new Money(settings.USDTRate), isOn(settings.is_open_CTbi))
        : {
            ...currencyFlags(currency),
            [availableColumn(account)]: '0.00000000',
            [lockedColumn(account)]: '0.00000000',
          };
      return {
        type: 'ok' as const,
        message: {
          ...item,
          address: wallet?.address ?? '',
          ExRate: settings.USDTRate,
          coin_trade_fee: '0',
        },
      };
    },
  );

  typed.post(
    '/api/wallet/get_info',
    {
      schema: { body: currencyBody, response: { 200: answerSchema(currencyInfoSchema) } },
      onRequest: app.requireUser,
    },
    async (request) => {
      const user = currentUser(request);
      const currency = await findCurrency(app.prisma, request.body.currency);
      const wallet = await app.prisma.wallet.findUnique({
        where: { user_id_currency_id: { user_id: user.id, currency_id: currency.id } },
      });
      const settings = await readSettings(app.prisma);
      const typeData = {
        id: currency.id,
        type: currency.chain_type,
        contract_address: currency.chain_type,
        min_number: toAmountString(currency.min_number.toFixed()),
        rate: toAmountString(currency.rate.toFixed()),
      };
      return {
        type: 'ok' as const,
        message: {
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
            label: isOn(settings.is_open_CTbi)
              ? depositAddressFor(app.config.APP_SECRET, user.id, currency)
              : '',
          },
          make_wallet: currency.name === 'XRP' ? 2 : 1,
          exchange_ate: settings.USDTRate,
        },
      };
    },
  );
}
