import { z } from 'zod';
import { decimal } from './primitives';
import { adminSignerViewSchema } from './admin-signer';

/**
 * The operator console's answers under `/api/admin` (issue #15): the server checks each answer against
 * these, the console's client takes its types from them. Amounts are decimal strings; times ISO 8601.
 */
const time = z.string();
const int = z.number().int();
const paged = <Row extends z.ZodType>(row: Row) => z.object({ total: int, list: z.array(row) });

export const adminMeSchema = z.object({
  login: z.string(),
  role: z.string(),
  totp_enrolled: z.boolean(),
  totp_passed: z.boolean(),
  needs_enrolment: z.boolean(),
});
export type AdminMe = z.infer<typeof adminMeSchema>;
/** `POST /api/admin/login`: the session's token with who signed in. */
export const adminLoginSchema = adminMeSchema.extend({ token: z.string() });
/** `POST /api/admin/totp/setup`: the pending secret, as text, URI and QR code (a data URL). */
export const adminTotpSetupSchema = z.object({ secret: z.string(), uri: z.string(), qr: z.string() });
/** A sentence in the caller's language (signed out, two-factor on). */
export const adminSentenceSchema = z.string();

export const adminQueueSchema = z.object({
  name: z.string(),
  workers: int,
  waiting: int,
  active: int,
  delayed: int,
  failed: int,
  completed: int,
});

export const adminDashboardSchema = z.object({
  users: z.object({ total: int, today: int }),
  deposits_today: z.array(z.object({ currency: z.string(), count: int, amount: decimal })),
  withdrawals_today: z.array(z.object({ currency: z.string(), status: int, count: int, amount: decimal })),
  markets: z.array(z.object({ symbol: z.string(), open_orders: int, open_positions: int })),
  house: z.array(z.object({ currency: z.string(), account: z.string(), balance: decimal })),
  audit: z.object({ ok: z.boolean(), problems: z.array(z.string()) }),
  queues: z.array(adminQueueSchema),
});
export type AdminDashboard = z.infer<typeof adminDashboardSchema>;

export const adminIdentitySchema = z.object({
  id: int,
  user_id: int,
  account: z.string(),
  name: z.string(),
  card_id: z.string(),
  front_pic: z.string(),
  reverse_pic: z.string(),
  hand_pic: z.string(),
  review_status: int,
  created_at: time,
});
export type AdminIdentity = z.infer<typeof adminIdentitySchema>;
export const adminIdentityPageSchema = paged(adminIdentitySchema);
export const adminReviewResultSchema = z.object({ id: int, review_status: int });

export const adminWithdrawalSchema = z.object({
  id: int,
  account: z.string(),
  currency: z.string(),
  address: z.string(),
  memo: z.string(),
  number: decimal,
  rate: decimal,
  real_number: decimal,
  status: int,
  txid: z.string(),
  notes: z.string(),
  created_at: time,
  /** Whether an operator may approve it for the signer (a hot wallet pays its currency to its address). */
  signable: z.boolean(),
  /** Its way to the chain once approved for the signer; null while operators pay it by hand. */
  signer: adminSignerViewSchema.nullable(),
});
export type AdminWithdrawal = z.infer<typeof adminWithdrawalSchema>;
export const adminWithdrawalResultSchema = z.object({ id: int, status: int });

export const adminDepositSchema = z.object({
  id: int,
  account: z.string(),
  currency: z.string(),
  amount: decimal,
  source: z.string(),
  txid: z.string(),
  created_at: time,
  /**
   * A deposit the chain watcher found: pending, credited, or reorged (its block was replaced after it was
   * credited: the credit stands until operators decide); '' for one booked by hand or paid by card.
   */
  chain_state: z.enum(['', 'pending', 'credited', 'reorged']),
});
export type AdminDeposit = z.infer<typeof adminDepositSchema>;
export const adminDepositResultSchema = z.object({
  id: int,
  account: z.string(),
  currency: z.string(),
  amount: decimal,
});

export const adminAppealSchema = z.object({
  id: int,
  kind: z.string(),
  number: decimal,
  deal_money: decimal,
  taker: z.string(),
  ad_owner: z.string(),
  seller: z.string(),
  appeal_by: int.nullable(),
  reason: z.string(),
  is_sure: int,
  created_at: time,
});
export type AdminAppeal = z.infer<typeof adminAppealSchema>;
export const adminAppealResultSchema = z.object({ id: int, is_sure: int, resolution: z.string() });

/** A party of an appealed order: who pays the fiat, where it should go, and what they said. */
export const adminAppealPartySchema = z.object({
  role: z.enum(['taker', 'ad_owner']),
  user_id: int,
  account: z.string(),
  real_name: z.string(),
  frozen_funds: int,
  pays_fiat: z.boolean(),
  cash_info: z.object({
    real_name: z.string(),
    bank_name: z.string(),
    bank_account: z.string(),
    alipay_account: z.string(),
    wechat_account: z.string(),
  }),
  /** This party's statements: `appeal` (the appellant's reason) then `statement`s, oldest first. */
  messages: z.array(z.object({ kind: z.string(), text: z.string(), at: time })),
});
/** One statement of an appeal as the operator reads it: who wrote it (the crypto buyer or seller) and when. */
export const adminAppealMessageSchema = z.object({
  kind: z.string(),
  text: z.string(),
  at: time,
  user_id: int,
  account: z.string(),
  role: z.enum(['buyer', 'seller']),
  party: z.enum(['taker', 'ad_owner']),
});
export type AdminAppealMessage = z.infer<typeof adminAppealMessageSchema>;
export const adminAppealDetailSchema = z.object({
  id: int,
  kind: z.string(),
  type: z.string(),
  way: z.string(),
  currency: z.string(),
  number: decimal,
  price: decimal,
  deal_money: decimal,
  is_sure: int,
  appeal_state: int,
  appeal_by: int.nullable(),
  resolution: z.string(),
  resolution_reason: z.string(),
  created_at: time,
  paid_at: z.string(),
  pay_deadline: time,
  parties: z.array(adminAppealPartySchema),
  /** Both parties' statements, oldest first. */
  messages: z.array(adminAppealMessageSchema),
});
export type AdminAppealDetail = z.infer<typeof adminAppealDetailSchema>;

/** A notice as the console lists it: the news row without its body. */
export const adminNoticeSchema = z.object({
  id: int,
  c_id: int,
  lang: z.string(),
  title: z.string(),
  abstract: z.string(),
  thumbnail: z.string(),
  cover: z.string(),
  sorts: int,
  create_time: time,
  update_time: time,
});
export type AdminNotice = z.infer<typeof adminNoticeSchema>;
/** A notice as saved, with its body. */
export const adminSavedNoticeSchema = adminNoticeSchema.extend({ content: z.string() });
export const adminIdResultSchema = z.object({ id: int });

export const adminTrailLineSchema = z.object({
  id: z.string(),
  operator: z.string(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string(),
  request_id: z.string(),
  created_at: time,
});
export type AdminTrailLine = z.infer<typeof adminTrailLineSchema>;
export const adminTrailPageSchema = paged(adminTrailLineSchema);

export const adminUserRowSchema = z.object({
  id: int,
  account: z.string(),
  review_status: int,
  is_seller: int,
  status: int,
  frozen_funds: int,
  created_at: time,
});
export type AdminUserRow = z.infer<typeof adminUserRowSchema>;
export const adminUserPageSchema = paged(adminUserRowSchema);

export const adminLogLineSchema = z.object({
  id: z.string(),
  currency: z.string(),
  account: z.string(),
  is_lock: z.boolean(),
  delta: decimal,
  balance_after: decimal,
  type: int,
  /** The type as the trader's log names it, in the operator's language. */
  info: z.string(),
  created_at: time,
});
export type AdminLogLine = z.infer<typeof adminLogLineSchema>;

/** One currency of a user's four accounts: available and locked of each. */
export const adminBalanceRowSchema = z.object({
  currency: z.string(),
  change: decimal,
  lock_change: decimal,
  legal: decimal,
  lock_legal: decimal,
  lever: decimal,
  lock_lever: decimal,
  micro: decimal,
  lock_micro: decimal,
});
export type AdminBalanceRow = z.infer<typeof adminBalanceRowSchema>;

export const adminUserDetailSchema = adminUserRowSchema.extend({
  parent: z.string(),
  parent_id: int.nullable(),
  trade_password_set: z.boolean(),
  open_orders: int,
  open_positions: int,
  open_micro: int,
  shops: z.array(z.object({ id: int, currency: z.string(), name: z.string(), status: int })),
  agent: z.object({ city_name: z.string(), district_name: z.string() }).nullable(),
  acceptor: z.object({ id: int, status: int }).nullable(),
  balances: z.array(adminBalanceRowSchema),
  logs: z.array(adminLogLineSchema),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

/** One page of a user's records; the row's fields depend on the kind asked for. */
export const adminSpotRowSchema = z.object({
  id: z.string(),
  symbol: z.string(),
  side: int,
  kind: z.string(),
  price: z.string(),
  amount: decimal,
  filled: decimal,
  state: z.string(),
  created_at: time,
});
export const adminLeverRowSchema = z.object({
  id: z.string(),
  symbol: z.string(),
  type: int,
  status: int,
  share: int,
  multiple: int,
  price: decimal,
  caution_money: decimal,
  fact_profits: decimal,
  created_at: time,
});
export const adminMicroRowSchema = z.object({
  id: z.string(),
  symbol: z.string(),
  type: int,
  seconds: int,
  number: decimal,
  open_price: decimal,
  end_price: z.string(),
  status: int,
  fact_profits: decimal,
  created_at: time,
});
export const adminUserRecordsSchema = z.union([
  paged(adminLogLineSchema),
  paged(adminSpotRowSchema),
  paged(adminLeverRowSchema),
  paged(adminMicroRowSchema),
]);
export type AdminSpotRow = z.infer<typeof adminSpotRowSchema>;
export type AdminLeverRow = z.infer<typeof adminLeverRowSchema>;
export type AdminMicroRow = z.infer<typeof adminMicroRowSchema>;

export const adminFreezeResultSchema = z.object({ id: int, frozen_funds: int });
export const adminAgentResultSchema = z.object({
  id: int,
  agent: z.object({ city_name: z.string(), district_name: z.string() }).nullable(),
});
export const adminResetResultSchema = z.object({ id: int, trade_password_set: z.boolean() });

export const adminPaymentSchema = z.object({
  id: int,
  account: z.string(),
  currency: z.string(),
  amount: decimal,
  pay_type: int,
  bank_code: z.string(),
  provider: z.string(),
  status: int,
  deposit_id: int.nullable(),
  created_at: time,
  paid_at: z.string(),
});
export type AdminPayment = z.infer<typeof adminPaymentSchema>;
export const adminPaymentPageSchema = paged(adminPaymentSchema);

export const adminSellerSchema = z.object({
  id: int,
  user_id: int,
  account: z.string(),
  currency: z.string(),
  name: z.string(),
  status: int,
  created_at: time,
});
export type AdminSeller = z.infer<typeof adminSellerSchema>;
export const adminSellerPageSchema = paged(adminSellerSchema);
export const adminSellerResultSchema = z.object({
  id: int,
  account: z.string(),
  currency: z.string(),
  name: z.string(),
  status: int,
});
export const adminStatusResultSchema = z.object({ id: int, status: int });

export const adminAcceptorSchema = z.object({
  id: int,
  user_id: int,
  account: z.string(),
  name: z.string(),
  recharge_rate: decimal,
  cash_rate: decimal,
  recharge_amount: decimal,
  cash_amount: decimal,
  status: int,
  created_at: time,
});
export type AdminAcceptor = z.infer<typeof adminAcceptorSchema>;
export const adminAcceptorResultSchema = z.object({
  id: int,
  account: z.string(),
  name: z.string(),
  currency: z.string(),
});

/** `GET /api/admin/markets`: every pair with its listing flags, decimals and spot fees. */
export const adminMarketSchema = z.object({
  id: z.number().int(),
  symbol: z.string(),
  is_display: z.number().int(),
  open_coin_trade: z.number().int(),
  open_lever: z.number().int(),
  open_microtrade: z.number().int(),
  price_decimals: z.number().int(),
  amount_decimals: z.number().int(),
  maker_fee: z.string(),
  taker_fee: z.string(),
});
export type AdminMarket = z.infer<typeof adminMarketSchema>;
/** `POST /api/admin/markets/flags`: the pair's switches as they now are. */
export const adminPairFlagsSchema = adminMarketSchema.pick({
  id: true,
  is_display: true,
  open_coin_trade: true,
  open_lever: true,
  open_microtrade: true,
});

/**
 * A line of the operators' audit trail as an area's operator action words it (what changed, before and
 * after, why); the console adds who and from where.
 */
export interface OperatorTrailLine {
  action: string;
  targetType: string;
  targetId: string | number | bigint;
  before?: unknown;
  after?: unknown;
  reason?: string;
}
/** The console's writer of a trail line inside the change's own transaction (`Tx`: the kernel's). */
export type OperatorTrail<Tx> = (tx: Tx, line: OperatorTrailLine) => Promise<void>;
