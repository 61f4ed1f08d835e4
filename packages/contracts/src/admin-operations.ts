import { z } from 'zod';
import { form, int4Id, optionalText, passwordField, requiredText, type RequestOf } from './fields';
import { ADMIN_ROLE_NAMES, FUNDABLE_HOUSE_POOLS } from './constants';
import { decimal } from './primitives';

/**
 * The console's routine tasks that needed a shell before (issue #25): operators and their roles (admin only),
 * funding a house pool and topping up a sandbox points account (finance, with a fresh code), a user's recent
 * verification codes for support (each look written to the trail), and creating a user.
 */
const int = z.number().int();
const time = z.string();
const totpField = optionalText(6);
const reasonField = optionalText(500);

const roleField = z.preprocess(
  (value) => value ?? '',
  z.enum(ADMIN_ROLE_NAMES, { error: 'admin_role_invalid' }),
);
const loginField = requiredText('admin_login_invalid', 64);

/** `GET /api/admin/operators`: every operator, with what the trail may show of them. */
export const adminOperatorSchema = z.object({
  id: int,
  login: z.string(),
  role: z.string(),
  disabled: z.boolean(),
  totp_enrolled: z.boolean(),
  created_at: time,
});
export type AdminOperator = z.infer<typeof adminOperatorSchema>;
/** `POST /api/admin/operators/create`: the new operator and their first password, shown this once. */
export const adminOperatorCreatedSchema = adminOperatorSchema.extend({ password: z.string() });
/** `POST /api/admin/operators/role` and `/disable`: the operator as changed. */
export const adminOperatorChangedSchema = adminOperatorSchema.pick({
  id: true,
  login: true,
  role: true,
  disabled: true,
});

export const adminOperatorCreateBodySchema = form({
  login: loginField,
  role: roleField,
  reason: reasonField,
  totp_code: totpField,
});
export const adminOperatorRoleBodySchema = form({
  login: loginField,
  role: roleField,
  reason: reasonField,
  totp_code: totpField,
});
export const adminOperatorDisableBodySchema = form({
  login: loginField,
  reason: reasonField,
  totp_code: totpField,
});

/** `POST /api/admin/house/fund`: capital moved into a pool; the same reference twice funds once. */
export const adminHouseFundBodySchema = form({
  pool: z.preprocess((value) => value ?? '', z.enum(FUNDABLE_HOUSE_POOLS, { error: 'admin_pool_invalid' })),
  currency: requiredText('currency_not_found', 16),
  amount: requiredText('amount_required', 64),
  ref: requiredText('admin_ref_required', 64),
  reason: reasonField,
  totp_code: totpField,
});
export const adminHouseFundResultSchema = z.object({
  pool: z.string(),
  currency: z.string(),
  amount: decimal,
  funded: z.boolean(),
});

/**
 * `GET /api/admin/points`: the points partner, why the console may not top up its accounts (in the
 * operator's language; null where it may: the sandbox partner outside production), and the sandbox partner's
 * accounts, most recently changed first, with the exchange user each is bound to.
 */
export const adminPointsQuerySchema = z.object({ q: optionalText(100) });
export const adminPointsSchema = z.object({
  partner: z.object({ name: z.string(), kind: z.enum(['sandbox', 'api', 'none']) }),
  top_up_refused: z.string().nullable(),
  accounts: z.array(
    z.object({ user_name: z.string(), points: decimal, bound_to: z.string().nullable(), updated_at: time }),
  ),
});
export type AdminPoints = z.infer<typeof adminPointsSchema>;

/** `POST /api/admin/points/grant`: points added to a sandbox partner account (finance, fresh code, reason). */
export const adminPointsGrantBodySchema = form({
  account: requiredText('jc_account_required', 20),
  points: requiredText('amount_required', 64),
  reason: requiredText('admin_reason_required', 500),
  totp_code: totpField,
});
export const adminPointsGrantResultSchema = z.object({
  account: z.string(),
  granted: decimal,
  points: decimal,
});

/**
 * `POST /api/admin/users/codes`: the codes last sent to a user, newest first, for support on the phone; a
 * look is a change of a kind (it lands in the trail with its reason), so it is posted.
 */
export const adminSentCodeSchema = z.object({
  channel: z.string(),
  to: z.string(),
  scene: z.string(),
  code: z.string(),
  created_at: time,
});

/** `POST /api/admin/users/create`: a ready user, as if registered with the exchange's own invitation. */
export const adminUserCreateBodySchema = form({
  account: requiredText('account_required', 100),
  password: passwordField(),
  kyc: z.preprocess((value) => value ?? '0', z.enum(['0', '1'], { error: 'bad_request' })),
  reason: reasonField,
});
export const adminUserCreatedSchema = z.object({
  id: int,
  account_number: z.string(),
  extension_code: z.string(),
});

export const adminUserCodesBodySchema = form({
  id: int4Id('admin_record_not_found'),
  reason: requiredText('admin_reason_required', 500),
});

/** What each of these changes sends, as the console's forms write it. */
export interface AdminOperationRequests {
  'operators/create': RequestOf<typeof adminOperatorCreateBodySchema>;
  'operators/role': RequestOf<typeof adminOperatorRoleBodySchema>;
  'operators/disable': RequestOf<typeof adminOperatorDisableBodySchema>;
  'house/fund': RequestOf<typeof adminHouseFundBodySchema>;
  'users/create': RequestOf<typeof adminUserCreateBodySchema>;
  'users/codes': RequestOf<typeof adminUserCodesBodySchema>;
  'points/grant': RequestOf<typeof adminPointsGrantBodySchema>;
}
