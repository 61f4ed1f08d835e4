import { z } from 'zod';
import { form, int4Id, limitField, optionalText, pageField } from './fields';
import { decimal } from './primitives';
import { laravelPageSchema } from './paging';

/** Points exchange, partner binding and deposit savings (document 3; contract notes sections 10 and 12). */

/**
 * `GET /api/jc/bind`: the bound partner account ('' when none), the partner the points come from ('' when
 * the points exchange is closed), and for the built-in sandbox partner how to sign in to it.
 */
export const jcBindingSchema = z.object({
  user_name: z.string(),
  partner: z.string(),
  sandbox: z.object({ password: z.string(), opening_points: decimal }).nullable(),
});
export type JcBinding = z.infer<typeof jcBindingSchema>;

/** `GET /api/jc/info`: the caller's points and the terms of the exchange. */
export const pointsInfoSchema = z.object({
  jc_integral: decimal,
  free_jc_integral: decimal,
  /** The fee as a fraction of the points exchanged (0.01 = 1 %). */
  jc_exchange_fee: decimal,
  /** USD value of one point. */
  jc_price: decimal,
  /** USD added to the partner token's market price. */
  jc_price_difference: decimal,
  /** The partner token's USD price. */
  market_price: decimal,
  currency_name: z.string(),
  currency_decimals: z.number().int(),
  points_decimals: z.number().int(),
  /** The partner platform the points are held at. */
  partner: z.string(),
});
export type PointsInfo = z.infer<typeof pointsInfoSchema>;

/** A row of `GET /api/jc/exchange`. */
export const jcExchangeRecordSchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  integral: decimal,
  fee: decimal,
  fee_ratio: decimal,
  integral_price: decimal,
  market_price: decimal,
  fact_market_price: decimal,
  exchange_num: decimal,
  currency_name: z.string(),
  /** JC_EXCHANGE_STATUS: refused by the partner means nothing moved. */
  status: z.number().int(),
});
export type JcExchangeRecord = z.infer<typeof jcExchangeRecordSchema>;
export const jcExchangePageSchema = laravelPageSchema(jcExchangeRecordSchema);

/** A plan of `GET /api/wallet/deposit_setup`; `rate` is the percent paid over the whole term. */
export const savingsPlanSchema = z.object({
  id: z.number().int(),
  day: z.number().int(),
  rate: decimal,
  save_min: decimal,
  currency_id: z.number().int(),
  currency_name: z.string(),
});
export type SavingsPlan = z.infer<typeof savingsPlanSchema>;

/** A coin of `POST /api/wallet/depositlist`: what the caller can deposit from the spot account. */
export const depositCoinSchema = z.object({
  currency: z.number().int(),
  currency_name: z.string(),
  change_balance: decimal,
  decimal_scale: z.number().int(),
});
export type DepositCoin = z.infer<typeof depositCoinSchema>;
export const depositListSchema = z.object({
  deposit_wallet: z.object({ balance: z.array(depositCoinSchema) }),
});

/** A row of `POST /api/record/lists`: a holding, its interest so far and its maturity. */
export const savingsRecordSchema = z.object({
  id: z.number().int(),
  currency_name: z.string(),
  balance: decimal,
  /** Interest received so far. */
  profit_balance: decimal,
  total_interest: decimal,
  rate: decimal,
  day: z.number().int(),
  days_accrued: z.number().int(),
  created_at: z.string(),
  end_time: z.string(),
  matured_at: z.string(),
  /** 1 holding (highlighted), 2 matured. */
  status: z.number().int(),
  status_name: z.string(),
});
export type SavingsRecord = z.infer<typeof savingsRecordSchema>;
export const savingsRecordPageSchema = laravelPageSchema(savingsRecordSchema);

/** `POST /api/record/submit`: deposits `balance` of a currency into a plan; the trade password is required. */
export const savingsSubmitRequestSchema = form({
  set_id: int4Id('savings_plan_not_found'),
  currency_id: int4Id('currency_not_found'),
  balance: optionalText(64),
  password: optionalText(64),
});
export type SavingsSubmitRequest = z.input<typeof savingsSubmitRequestSchema>;

/** `POST /api/record/lists`: my deposits, 20 a page (document 3 section 9). */
export const savingsRecordsRequestSchema = form({ page: pageField, limit: limitField(20, 100) });
export type SavingsRecordsRequest = z.input<typeof savingsRecordsRequestSchema>;
