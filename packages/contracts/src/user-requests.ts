import { z } from 'zod';
import { codeField, eachField, form, optionalText, pageField, passwordField, requiredText } from './fields';
import type { RequestOf } from './fields';
import { CASH_INFO_LENGTHS } from './p2p';

/**
 * The requests of the account areas (users, codes, security, identity, payment settings, language): the
 * server validates with them, the web types its forms from them. Field order is the order the forms check
 * them in, so the first broken field is the one reported.
 */

/** `POST /api/user/register`: invite code, account, password, repeat, code. */
export const registerRequestSchema = form({
  extension_code: requiredText('invite_code_required', 16),
  user_string: requiredText('account_required', 100),
  password: passwordField(),
  re_password: requiredText('password_required', 16),
  code: codeField,
  type: optionalText(16),
  area_code: optionalText(8),
  area_code_id: optionalText(4),
  nationality: optionalText(64),
});
export type RegisterRequest = RequestOf<typeof registerRequestSchema>;

/** `POST /api/user/login` and `/api/Independent/points`. */
export const loginRequestSchema = form({
  user_string: requiredText('account_required', 100),
  password: requiredText('password_required', 64),
  sms_code: optionalText(6),
  area_code: optionalText(8),
  area_code_id: optionalText(4),
  type: optionalText(8),
});
export type LoginRequest = RequestOf<typeof loginRequestSchema>;

/** `POST /api/user/forget`: a new login password proven by a code sent to the account. */
export const forgetPasswordRequestSchema = form({
  account: requiredText('account_required', 100),
  password: passwordField(),
  repassword: requiredText('password_required', 16),
  code: codeField,
  scene: optionalText(16),
});
export type ForgetPasswordRequest = RequestOf<typeof forgetPasswordRequestSchema>;

/** `POST /api/safe/update_password` and `/api/safe/trade_password`: a password, its repeat and a code. */
export const passwordChangeRequestSchema = form({
  password: passwordField(),
  re_password: requiredText('password_required', 16),
  code: codeField,
});
export type PasswordChangeRequest = RequestOf<typeof passwordChangeRequestSchema>;

/** `POST /api/safe/judge_password`: without a password asks whether one is set, with one checks it. */
export const judgePasswordRequestSchema = form({ password: optionalText(64) });

/** `POST /api/safe/mobile`: a phone number proven by a code sent to it. */
export const bindMobileRequestSchema = form({
  mobile: requiredText('account_required', 32),
  area_code: optionalText(8),
  code: codeField,
});
export type BindMobileRequest = RequestOf<typeof bindMobileRequestSchema>;

/** `POST /api/safe/email`: an e-mail proven by a code sent to it. */
export const bindEmailRequestSchema = form({
  email: requiredText('email_invalid', 100),
  code: codeField,
});
export type BindEmailRequest = RequestOf<typeof bindEmailRequestSchema>;

/** `POST /api/sms_send` and `/api/sms_mail`: where a code for which scene goes. */
export const sendCodeRequestSchema = form({
  user_string: optionalText(100),
  scene: optionalText(32),
  type: optionalText(32),
  area_code: optionalText(8),
  country_code: optionalText(8),
  area_code_id: optionalText(4),
});
export type SendCodeRequest = RequestOf<typeof sendCodeRequestSchema>;

/** `POST /api/user/check_mobile` and `/api/user/check_email`: a code checked without using it up. */
export const checkCodeRequestSchema = form({
  user_string: optionalText(100),
  scene: optionalText(32),
  mobile_code: optionalText(6),
  email_code: optionalText(6),
});
export type CheckCodeRequest = RequestOf<typeof checkCodeRequestSchema>;

/** `POST /api/user/real_name`: the identity and the URLs of its three uploaded photos. */
export const realNameRequestSchema = form({
  name: requiredText('name_required', 100),
  card_id: requiredText('card_id_required', 64),
  front_pic: requiredText('image_not_found', 300),
  reverse_pic: requiredText('image_not_found', 300),
  hand_pic: requiredText('image_not_found', 300),
});
export type RealNameRequest = RequestOf<typeof realNameRequestSchema>;

/** `POST /api/user/cash_save`: the P2P payment settings, every field required. */
export const cashInfoRequestSchema = form(
  eachField(CASH_INFO_LENGTHS, (name, maxLength) => requiredText(`${name}_required`, maxLength)),
);
export type CashInfoRequest = RequestOf<typeof cashInfoRequestSchema>;

/** `POST /api/user/add_bank`: the payout bank card (the bank's name follows from its code). */
export const bankCardRequestSchema = form({
  receive_name: requiredText('payee_name_required', 50),
  receive_account: requiredText('payee_account_required', 50),
  bank_code: optionalText(16),
  bank_name: optionalText(64),
});
export type BankCardRequest = RequestOf<typeof bankCardRequestSchema>;

/** `POST /api/set/lang`. */
export const languageRequestSchema = form({ lang: optionalText(8) });

/** `GET /api/user/region_users`: a page of the users in the caller's region. */
export const regionUsersQuerySchema = z.object({ page: pageField });
export type RegionUsersQuery = RequestOf<typeof regionUsersQuerySchema>;
