import { z } from 'zod';
import { errorEnvelopeSchema } from './envelope';
import { laravelPageSchema } from './paging';
import { currencyFlags, decimal } from './primitives';

// The area's request schemas live beside its answers' (the package's index lists the area's files once).
export * from './wallet-requests';

/** A row of an account log (`POST /api/wallet/legal_log`, and the transfer record `hzhistory`). */
export const accountLogSchema = z.object({
  id: z.number().int(),
  account_number: z.string(),
  currency: z.number().int(),
  currency_name: z.string(),
  /** change, legal, lever or micro. */
  account: z.string(),
  is_lock: z.union([z.literal(0), z.literal(1)]),
  type: z.number().int(),
  value: decimal,
  before: decimal,
  after: decimal,
  /** What happened, in the reader's language. */
  info: z.string(),
  /** The kind of movement (its `type`) named in the reader's language: transfer, spot trade, withdrawal... */
  type_info: z.string(),
  created_time: z.string(),
});
export type AccountLog = z.infer<typeof accountLogSchema>;

/** `POST /api/wallet/legal_log`: a page of the log, newest first. */
export const accountLogPageSchema = z.object({
  list: z.array(accountLogSchema),
  count: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  is_open_CTbi: z.union([z.literal(0), z.literal(1)]),
});
export type AccountLogPage = z.infer<typeof accountLogPageSchema>;

/** A deposit (`type=buy`) or withdrawal of `POST /api/wallet/out_log`: status 1 submitted, 2 done, 3 failed. */
export const depositRecordSchema = z.object({
  id: z.number().int(),
  currency_name: z.string(),
  number: decimal,
  address: z.string(),
  txid: z.string(),
  status: z.number().int(),
  notes: z.string(),
  create_time: z.string(),
  /** A chain deposit the watcher has not credited yet: its blocks so far, out of those it needs. */
  confirmations: z.number().int().optional(),
  required_confirmations: z.number().int().optional(),
});
export const withdrawalRecordSchema = depositRecordSchema.extend({
  /** chain or payment. */
  channel: z.string(),
  rate: decimal,
  real_number: decimal,
  memo: z.string(),
});
export type WithdrawalRecord = z.infer<typeof withdrawalRecordSchema>;

export const recordPageSchema = z.object({
  list: z.array(z.union([withdrawalRecordSchema, depositRecordSchema])),
  count: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type RecordPage = z.infer<typeof recordPageSchema>;

/** `POST /api/wallet/calculat_fee`: the fee and what arrives. */
export const withdrawalQuoteSchema = z.object({ rate: decimal, real_number: decimal });
export type WithdrawalQuote = z.infer<typeof withdrawalQuoteSchema>;

/** `POST /api/wallet/get_in_address`: the caller's own deposit address of a currency. */
export const depositAddressSchema = z.object({
  /** Empty while `deposit_open` is 0. */
  address: z.string(),
  currency: z.number().int(),
  currency_name: z.string(),
  contract_address: z.string(),
  /**
   * 1: `address` is the caller's own, derived from the operator's key of this network. 0: deposits are closed
   * for this network (no key configured): no address, never a made-up one.
   */
  deposit_open: z.union([z.literal(0), z.literal(1)]),
  /**
   * Blocks (the deposit's own included) after which a deposit to this address is credited, as the operator
   * configured them; null where no watcher follows the network (operators book deposits once confirmed).
   */
  confirmations: z.number().int().nullable(),
});
export type DepositAddress = z.infer<typeof depositAddressSchema>;

/** `POST /api/wallet/chain_deposits`: one of the caller's chain deposits found and not yet credited. */
export const pendingChainDepositSchema = z.object({
  id: z.number().int(),
  currency_name: z.string(),
  number: decimal,
  /** The transaction's hash. */
  txid: z.string(),
  confirmations: z.number().int(),
  required_confirmations: z.number().int(),
  create_time: z.string(),
});
export type PendingChainDeposit = z.infer<typeof pendingChainDepositSchema>;

/** A bound withdraw address (document 3, section 3; `POST /api/wallet/get_address`). */
export const withdrawAddressSchema = z.object({
  id: z.number().int(),
  currency_id: z.number().int(),
  coin_name: z.string(),
  contract_address: z.string(),
  address: z.string(),
  memo: z.string(),
});
export type WithdrawAddress = z.infer<typeof withdrawAddressSchema>;

/** Available and locked balance of each of the four accounts, as the wallet's columns name them. */
const accountBalances = {
  change_balance: decimal,
  lock_change_balance: decimal,
  legal_balance: decimal,
  lock_legal_balance: decimal,
  lever_balance: decimal,
  lock_lever_balance: decimal,
  micro_balance: decimal,
  lock_micro_balance: decimal,
};

/**
 * One currency of one account in `POST /api/wallet/list` and `/detail`. The balance pair is named by the
 * account (`change_balance`/`lock_change_balance`, `legal_…`, `lever_…`, `micro_…`), so all four are optional.
 */
export const balanceItemSchema = z.object({
  id: z.number().int(),
  currency: z.number().int(),
  currency_name: z.string(),
  currency_type: z.number().int(),
  contract_address: z.string(),
  multi_protocol: z.number().int(),
  ...currencyFlags,
  is_show_memo: z.number().int(),
  usdt_price: decimal.optional(),
  pb_price: decimal.optional(),
  cny_price: decimal.optional(),
  is_charge: z.boolean().optional(),
  /** The lists (`wallet/list`): how much of the coin the user holds in deposit savings (locked in spot). */
  deposit_balance: decimal.optional(),
  ...z.object(accountBalances).partial().shape,
});
export type BalanceItem = z.infer<typeof balanceItemSchema>;

/**
 * One account's currencies with its totals in USDT (`totle`, the contract's spelling) and CNY; every balance
 * valued at the live last price of its USDT market (`usdt_price`), as the market list shows it.
 */
export const walletGroupSchema = z.object({
  balance: z.array(balanceItemSchema),
  totle: decimal,
  usdt_totle: decimal,
  CNY: decimal,
});
export type WalletGroup = z.infer<typeof walletGroupSchema>;

/** `POST /api/wallet/list`: the four accounts, the CNY rate and whether deposits and withdrawals are open. */
export const walletListSchema = z.object({
  change_wallet: walletGroupSchema,
  legal_wallet: walletGroupSchema,
  lever_wallet: walletGroupSchema,
  micro_wallet: walletGroupSchema,
  /** The four accounts together in USDT (document 3, section 7). */
  total_assets: decimal,
  ExRate: decimal,
  is_open_CTbi: z.union([z.literal(0), z.literal(1)]),
});
export type WalletList = z.infer<typeof walletListSchema>;

/** The older `GET /api/wallet/list` also answers the currency account as `list`. */
export const legacyWalletListSchema = walletListSchema.extend({ list: z.array(balanceItemSchema) });

/** `POST /api/wallet/detail`: one account of one currency (no `id` while the user has no wallet of it). */
export const walletDetailSchema = balanceItemSchema.extend({
  id: z.number().int().optional(),
  address: z.string(),
  ExRate: decimal,
  coin_trade_fee: decimal,
});
export type WalletDetail = z.infer<typeof walletDetailSchema>;

/** `POST /api/wallet/get_info`: a currency's withdrawal limits, fee, chain and the caller's balances. */
export const currencyInfoSchema = z.object({
  name: z.string(),
  rate: decimal,
  min_number: decimal,
  max_number: decimal,
  change_balance: decimal,
  legal_balance: decimal,
  type: z.string(),
  contract_address: z.string(),
  decimal_scale: z.number().int(),
  multi_protocol: z.number().int(),
  type_data: z.array(
    z.object({
      id: z.number().int(),
      type: z.string(),
      contract_address: z.string(),
      min_number: decimal,
      rate: decimal,
    }),
  ),
  wallet_data: z.object({ currency: z.number().int(), label: z.string() }),
  make_wallet: z.number().int(),
  exchange_ate: decimal,
  /** The caller's own code (their invite code), which also tags a deposit that needs a memo. */
  extension_code: z.string(),
});
export type CurrencyInfo = z.infer<typeof currencyInfoSchema>;

/** The four accounts of a wallet: currency ("change", spot), legal (fiat), lever (contract), micro (options). */
export const WALLET_ACCOUNTS = ['change', 'legal', 'lever', 'micro'] as const;
export type WalletAccount = (typeof WALLET_ACCOUNTS)[number];

/** A currency of `GET /api/currency/list`. */
export const listedCurrencySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  full_name: z.string(),
});
export type ListedCurrency = z.infer<typeof listedCurrencySchema>;

/** `GET /api/currency/list`: the fiat-tradable (`legal`) currencies and every displayed one. */
export const currencyListSchema = z.object({
  legal: z.array(listedCurrencySchema),
  all: z.array(listedCurrencySchema),
});

/**
 * The withdraw-address service's own answer (document 3, section 3), outside the envelope: `code` 0 on
 * success, 999 sign in again, 1 refused with `msg` saying why.
 */
export const codeAnswerSchema = z.object({ code: z.number().int(), msg: z.string() });
export type CodeAnswer = z.infer<typeof codeAnswerSchema>;

/** `GET /api/wallet/draw_address`: the caller's bound addresses, as the service answers them. */
export const withdrawAddressListAnswerSchema = codeAnswerSchema.extend({
  data: z.array(withdrawAddressSchema).optional(),
});

/** The service's own answer, or the contract's envelope when a request fails validation before it. */
export const codeAnswerOrRefusalSchema = z.union([codeAnswerSchema, errorEnvelopeSchema]);

/** `POST /api/account/list` (document 3, section 7): the caller's account log, every account, newest first. */
export const accountListSchema = laravelPageSchema(accountLogSchema);

/** `GET /api/currency/user_currency_list`: the caller's currencies with both balances of every account. */
export const userCurrencySchema = z.object({ id: z.number().int(), name: z.string(), ...accountBalances });
export type UserCurrency = z.infer<typeof userCurrencySchema>;

/** `GET /api/money/rechange`: the older deposit page's address. */
export const rechargeAddressSchema = z.object({
  /** Empty while `deposit_open` is 0 (deposits closed for this network). */
  company_eth_address: z.string(),
  deposit_open: z.union([z.literal(0), z.literal(1)]),
});
