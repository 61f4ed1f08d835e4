import { z } from 'zod';
import {
  blankAsMissing,
  decimalText,
  form,
  int4Id,
  limitField,
  optionalText,
  pageField,
  requiredText,
  wholeNumber,
} from './fields';
import type { RequestOf } from './fields';
import type { AdminOperationRequests } from './admin-operations';
import type { AdminSignerRequests } from './admin-signer';

/**
 * The operator console's requests under `/api/admin` (queries and form bodies): the server validates with
 * these, the console's client types its forms from them (`z.input`).
 */

/** A row id: 32-bit, so a huge number is refused at validation instead of failing in the query. */
const recordId = int4Id();
const choice = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess((value) => value ?? '', z.enum(values, { error: 'bad_request' }));
const asText = (value: unknown) => (typeof value === 'number' ? String(value) : value);
const asBit = (value: '0' | '1'): 0 | 1 => (value === '1' ? 1 : 0);
/** A switch a form sends as '0' or '1' (nothing counts as on); the server reads 0 or 1. */
const onOff = z
  .preprocess((value) => asText(value) ?? '1', z.enum(['0', '1'], { error: '0 | 1' }))
  .transform(asBit);
/** A switch the form must send, '0' or '1'; the server reads 0 or 1. */
const bit = choice(['0', '1']).transform(asBit);
const totpField = optionalText(6);
const reasonField = optionalText(500);
const sortsField = wholeNumber(0, 1_000_000, 'bad_request').optional().default(0);

/** The languages notices and banners are written in. */
export const NOTICE_LANGUAGES = ['en', 'zh', 'hk', 'jp', 'kor', 'th', 'ind'] as const;
/** A pair's switches (the spot area's PairFlag): listed, spot, lever and seconds trading. */
export const PAIR_FLAG_NAMES = ['is_display', 'open_coin_trade', 'open_lever', 'open_microtrade'] as const;
/** The user records an operator pages through. */
export const ADMIN_RECORD_KINDS = ['logs', 'spot', 'lever', 'micro'] as const;
/** Bounds of the pair editor: the engine's precisions (spot) and the seconds price rule's windows (micro). */
export const ADMIN_PAIR_LIMITS = {
  priceDecimals: 12,
  amountDecimals: 12,
  microWindowSeconds: 3_600,
  microLookbackSeconds: 86_400,
} as const;

// Signing in and two-factor enrolment.
export const adminLoginBodySchema = form({
  login: requiredText('account_required', 64),
  password: requiredText('password_required', 128),
  code: optionalText(6),
});
export const adminTotpCodeBodySchema = form({ code: requiredText('admin_totp_required', 6) });

// Lists.
export const adminPageQuerySchema = z.object({ page: pageField, limit: limitField(20, 100) });
export const adminListQuerySchema = z.object({ limit: limitField(50, 200) });
export const adminIdQuerySchema = z.object({ id: recordId });
export const adminIdBodySchema = form({ id: recordId });
export const adminTrailQuerySchema = adminPageQuerySchema.extend({ target_type: optionalText(24) });
export const adminUserQuerySchema = adminPageQuerySchema.extend({ q: optionalText(100) });
export const adminIdentityQuerySchema = adminPageQuerySchema.extend({
  status: wholeNumber(0, 2, 'bad_request').optional().default(1),
});
export const adminWithdrawalQuerySchema = adminListQuerySchema.extend({
  status: wholeNumber(1, 3, 'bad_request').optional().default(1),
});
export const adminNoticeQuerySchema = adminListQuerySchema.extend({ c_id: recordId.optional() });
export const adminRecordsQuerySchema = adminPageQuerySchema.extend({
  id: recordId,
  kind: choice(ADMIN_RECORD_KINDS),
});
export const adminPaymentsQuerySchema = adminPageQuerySchema.extend({
  status: wholeNumber(0, 2, 'bad_request').optional(),
});
export const adminBannerQuerySchema = z.object({
  lang: blankAsMissing(z.enum(NOTICE_LANGUAGES, { error: 'bad_request' })),
});

// Identities, money and appeals.
export const adminReviewBodySchema = form({
  id: recordId,
  decision: choice(['approve', 'reject']),
  reason: reasonField,
});
export const adminWithdrawalBodySchema = form({
  id: recordId,
  decision: choice(['complete', 'reject']),
  txid: optionalText(128),
  reason: reasonField,
  totp_code: totpField,
});
export const adminDepositBodySchema = form({
  account: requiredText('account_required', 100),
  currency: requiredText('currency_not_found', 16),
  amount: requiredText('amount_required', 64),
  txid: requiredText('bad_request', 128),
  totp_code: totpField,
});
export const adminAppealBodySchema = form({
  id: recordId,
  decision: choice(['release', 'refund']),
  reason: reasonField,
  totp_code: totpField,
});
export const adminNoticeBodySchema = form({
  id: recordId.optional(),
  c_id: recordId,
  lang: choice(NOTICE_LANGUAGES),
  title: requiredText('admin_reason_required', 200),
  abstract: optionalText(500),
  content: optionalText(20_000),
  sorts: sortsField,
});

// Users and P2P parties.
export const adminFreezeBodySchema = form({
  id: recordId,
  frozen: bit,
  reason: reasonField,
  totp_code: totpField,
});
export const adminAgentBodySchema = form({
  id: recordId,
  on: bit,
  city: optionalText(64),
  district: optionalText(64),
  reason: reasonField,
});
export const adminResetBodySchema = form({ id: recordId, reason: reasonField, totp_code: totpField });
export const adminSellerBodySchema = form({
  id: recordId,
  currency: optionalText(16),
  name: optionalText(64),
  reason: reasonField,
});
export const adminSuspendBodySchema = form({ id: recordId, reason: reasonField });
const rateField = optionalText(32);
export const adminAcceptorBodySchema = form({
  id: recordId,
  name: optionalText(64),
  recharge_rate: rateField,
  cash_rate: rateField,
  recharge_amount: rateField,
  cash_amount: rateField,
  reason: reasonField,
  totp_code: totpField,
});
export const adminAcceptorStatusBodySchema = form({
  id: recordId,
  status: bit,
  reason: reasonField,
  totp_code: totpField,
});

// Markets and products.
const flag = z.enum(['0', '1'], { error: 'bad_request' }).transform(asBit).optional();
export const adminPairFlagsBodySchema = form({
  id: recordId,
  ...(Object.fromEntries(PAIR_FLAG_NAMES.map((name) => [name, flag])) as Record<
    (typeof PAIR_FLAG_NAMES)[number],
    typeof flag
  >),
});
const optionalDecimal = (...args: Parameters<typeof decimalText>) => blankAsMissing(decimalText(...args));
const whole = (min: number, max: number) => wholeNumber(min, max, `${min}-${max}`);
const optionalWhole = (min: number, max: number) => blankAsMissing(whole(min, max));
/** A comma-separated list of whole numbers (lever multiples, preset hands), each 1 to 1000. */
const wholeList = blankAsMissing(
  z.preprocess(
    asText,
    z
      .string()
      .trim()
      .regex(/^\d{1,4}(,\s*\d{1,4}){0,19}$/, { error: 'e.g. 5,10,20 (1-1000)' })
      .transform((value) => value.split(',').map((part) => Number(part.trim())))
      .refine((values) => values.every((value) => value >= 1 && value <= 1000), {
        error: 'e.g. 5,10,20 (1-1000)',
      }),
  ),
);
export const adminPairBodySchema = form({
  id: recordId,
  maker_fee: optionalDecimal(8, { below: 1 }),
  taker_fee: optionalDecimal(8, { below: 1 }),
  min_amount: optionalDecimal(18),
  price_decimals: optionalWhole(0, ADMIN_PAIR_LIMITS.priceDecimals),
  amount_decimals: optionalWhole(0, ADMIN_PAIR_LIMITS.amountDecimals),
});
export const adminPairLeverBodySchema = form({
  id: recordId,
  multiples: wholeList,
  shares: wholeList,
  lever_min_share: optionalWhole(1, 1_000_000),
  lever_max_share: optionalWhole(0, 1_000_000),
  lever_share_num: optionalDecimal(8, { positive: true }),
  lever_trade_fee: optionalDecimal(8, { max: 100 }),
  spread: optionalDecimal(8, { max: 100 }),
  overnight: optionalDecimal(8, { max: 100 }),
  mark_impact_notional: optionalDecimal(18, { positive: true }),
  mark_band_percent: optionalDecimal(8, { max: 100 }),
  mark_trade_window_seconds: optionalWhole(1, 86_400),
  mark_min_trade_notional: optionalDecimal(18),
  mark_smoothing_seconds: optionalWhole(1, 3_600),
  mark_max_move_percent: optionalDecimal(8, { positive: true, max: 100 }),
  lever_pair_exposure_percent: optionalDecimal(8, { max: 1000 }),
  lever_user_exposure_percent: optionalDecimal(8, { max: 1000 }),
});
export const adminPairMicroBodySchema = form({
  id: recordId,
  micro_price_window_seconds: optionalWhole(1, ADMIN_PAIR_LIMITS.microWindowSeconds),
  micro_price_lookback_seconds: optionalWhole(1, ADMIN_PAIR_LIMITS.microLookbackSeconds),
  micro_price_min_notional: optionalDecimal(18, { positive: true }),
  micro_pair_exposure_percent: optionalDecimal(8, { max: 100 }),
  micro_user_exposure_percent: optionalDecimal(8, { max: 100 }),
});
export const adminSecondsBodySchema = form({
  id: recordId.optional(),
  seconds: whole(5, 86_400),
  profit_ratio: decimalText(4, { positive: true, max: 1000 }),
  min_amount: decimalText(8),
  max_amount: decimalText(8),
  status: onOff,
});
export const adminSavingsBodySchema = form({
  id: recordId.optional(),
  currency: requiredText('currency_not_found', 16),
  day: whole(1, 3650),
  rate: decimalText(8, { max: 1000 }),
  save_min: decimalText(18, { positive: true }),
  status: onOff,
});
export const adminSettingBodySchema = form({
  key: requiredText('admin_record_not_found', 64),
  value: z.preprocess(asText, z.string({ error: 'bad_request' }).trim().max(500)),
});
export const adminBannerBodySchema = form({
  id: recordId.optional(),
  lang: choice(NOTICE_LANGUAGES),
  title: requiredText('admin_reason_required', 200),
  abstract: optionalText(500),
  content: optionalText(20_000),
  cover: requiredText('upload_missing', 200),
  sorts: sortsField,
});

/**
 * What each console change (`POST /api/admin/<path>`) sends, as the console's forms write it. (The notice and
 * banner editors keep their language as plain text, so those two are not listed yet; nor is the lever form,
 * whose lists travel as text the server splits.)
 */
export interface AdminChangeRequests extends AdminSignerRequests, AdminOperationRequests {
  'identities/review': RequestOf<typeof adminReviewBodySchema>;
  'withdrawals/finish': RequestOf<typeof adminWithdrawalBodySchema>;
  'deposits/confirm': RequestOf<typeof adminDepositBodySchema>;
  'appeals/resolve': RequestOf<typeof adminAppealBodySchema>;
  'notices/delete': RequestOf<typeof adminIdBodySchema>;
  'users/freeze': RequestOf<typeof adminFreezeBodySchema>;
  'users/agent': RequestOf<typeof adminAgentBodySchema>;
  'users/reset-trade-password': RequestOf<typeof adminResetBodySchema>;
  'sellers/approve': RequestOf<typeof adminSellerBodySchema>;
  'sellers/suspend': RequestOf<typeof adminSuspendBodySchema>;
  'acceptors/approve': RequestOf<typeof adminAcceptorBodySchema>;
  'acceptors/status': RequestOf<typeof adminAcceptorStatusBodySchema>;
  'markets/flags': RequestOf<typeof adminPairFlagsBodySchema>;
  'products/pairs/save': RequestOf<typeof adminPairBodySchema>;
  'products/pairs/micro': RequestOf<typeof adminPairMicroBodySchema>;
  'products/seconds/save': RequestOf<typeof adminSecondsBodySchema>;
  'products/savings/save': RequestOf<typeof adminSavingsBodySchema>;
  'products/settings/save': RequestOf<typeof adminSettingBodySchema>;
}
