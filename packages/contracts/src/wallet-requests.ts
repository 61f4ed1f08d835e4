import { z } from 'zod';
import { form, limitField, optionalText, pageField, requiredText } from './fields';
import type { RequestOf } from './fields';

/** A currency by id or by name, as most wallet calls name it. */
const currencyField = optionalText(16);

/** `POST /api/wallet/list`: the four accounts, of one currency when `currency_name` is given. */
export const walletListRequestSchema = form({ currency_name: optionalText(16) });
export type WalletListRequest = RequestOf<typeof walletListRequestSchema>;

/** `POST /api/wallet/detail`: one account (`type`, spot when blank) of one currency. */
export const walletDetailRequestSchema = form({
  currency: requiredText('currency_not_found', 16),
  type: optionalText(16),
});
export type WalletDetailRequest = RequestOf<typeof walletDetailRequestSchema>;

/** `POST /api/wallet/get_info`. */
export const currencyInfoRequestSchema = form({ currency: requiredText('currency_not_found', 16) });
export type CurrencyInfoRequest = RequestOf<typeof currencyInfoRequestSchema>;

/**
 * `POST /api/wallet/change`: moves `number` between two accounts, named by `from_field`/`to_field` or, for the
 * older client, by a numbered `type`.
 */
export const transferRequestSchema = form({
  currency_id: currencyField,
  currency: currencyField,
  number: optionalText(64),
  from_field: optionalText(16),
  to_field: optionalText(16),
  type: optionalText(4),
});
export type TransferRequest = RequestOf<typeof transferRequestSchema>;

/** `POST /api/wallet/calculat_fee`. */
export const withdrawalFeeRequestSchema = form({ currency: currencyField, number: optionalText(64) });
export type WithdrawalFeeRequest = RequestOf<typeof withdrawalFeeRequestSchema>;

/** The fee a client showed and the trade password (`pass` is the older field), on every withdrawal. */
const withdrawalPassword = { rate: optionalText(64), pay_password: optionalText(64), pass: optionalText(64) };

/** `POST /api/wallet/out_pay`: a withdrawal to the user's bound bank card. */
export const paymentWithdrawalRequestSchema = form({
  currency: currencyField,
  number: optionalText(64),
  ...withdrawalPassword,
});
export type PaymentWithdrawalRequest = RequestOf<typeof paymentWithdrawalRequestSchema>;

/** `POST /api/wallet/out`: a withdrawal on chain to `address`. */
export const withdrawalRequestSchema = form({
  currency: currencyField,
  number: optionalText(64),
  address: optionalText(128),
  memo: optionalText(128),
  ...withdrawalPassword,
  type: optionalText(16),
});
export type WithdrawalRequest = RequestOf<typeof withdrawalRequestSchema>;

/** A body naming one currency: `POST /api/wallet/get_in_address`, `/get_address`. */
export const currencyRequestSchema = form({ currency: currencyField });
export type CurrencyRequest = RequestOf<typeof currencyRequestSchema>;

/** A query naming one currency: `GET /api/money/rechange`, `/api/wallet/draw_address`. */
export const currencyQuerySchema = z.object({ currency: currencyField });

/** `POST /api/wallet/charge_req`: a deposit notice, what was sent (`amount`) from which address (`account`). */
export const depositNoticeRequestSchema = form({
  amount: optionalText(64),
  account: optionalText(128),
  currency: currencyField,
});
export type DepositNoticeRequest = RequestOf<typeof depositNoticeRequestSchema>;

/** `POST /api/wallet/charge_req_pay`: a deposit through the payment channel; `recharge` repeats `pay_type`. */
export const paymentDepositRequestSchema = form({
  amount: optionalText(64),
  pay_type: optionalText(4),
  currency: currencyField,
  recharge: optionalText(4),
  bank_code: optionalText(16),
});
export type PaymentDepositRequest = RequestOf<typeof paymentDepositRequestSchema>;

/** `POST`/`GET /api/wallet/legal_log`: one account's log (`type`, by name or number) or every account's. */
export const accountLogRequestSchema = form({
  type: optionalText(8),
  currency: currencyField,
  page: pageField,
  limit: limitField(10),
});
export type AccountLogRequest = RequestOf<typeof accountLogRequestSchema>;

/** `POST /api/account/list`: a page of the account log; document 3, section 9: 20 rows a page. */
export const accountListRequestSchema = form({ page: pageField, limit: limitField(20) });
export type AccountListRequest = RequestOf<typeof accountListRequestSchema>;

/** `GET /api/wallet/hzhistory`. */
export const transferHistoryQuerySchema = z.object({ page: pageField, limit: limitField(10) });

/** `POST /api/wallet/out_log`: deposits (`type` buy) or withdrawals. */
export const recordRequestSchema = accountLogRequestSchema;
export type RecordRequest = AccountLogRequest;

/** `POST /api/wallet/draw_address`: binds a withdraw address, confirmed by the code sent to the account. */
export const bindAddressRequestSchema = form({
  currency: optionalText(),
  coin_name: optionalText(),
  contract_address: optionalText(),
  address: optionalText(),
  memo: optionalText(),
  code: optionalText(),
  verificationCode: optionalText(),
});
export type BindAddressRequest = RequestOf<typeof bindAddressRequestSchema>;

/** `POST /api/wallet/draw_address/delete`. */
export const deleteAddressRequestSchema = form({ id: optionalText() });

/** `POST /api/wallet/deladdress`. */
export const removeAddressRequestSchema = form({ address_id: optionalText(16) });
export type RemoveAddressRequest = RequestOf<typeof removeAddressRequestSchema>;
