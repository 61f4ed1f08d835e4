import { z } from 'zod';

/** Decimal amounts travel as strings, never as floats. */
const decimal = z.string();

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
  address: z.string(),
  currency: z.number().int(),
  currency_name: z.string(),
  contract_address: z.string(),
});
export type DepositAddress = z.infer<typeof depositAddressSchema>;

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
