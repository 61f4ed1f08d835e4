import { z } from 'zod';
import { errorEnvelopeSchema } from './envelope';
import { form, int4Id, limitField, optionalText, pageField } from './fields';
import { decimal } from './primitives';

/** `POST /api/microtrade/submit`: `type` 1 up, 2 down; a stake of `number` for one of the offered `seconds`. */
export const microSubmitRequestSchema = form({
  match_id: int4Id('micro_pair_closed'),
  currency_id: int4Id('currency_not_found'),
  type: optionalText(4),
  seconds: optionalText(8),
  number: optionalText(64),
});
export type MicroSubmitRequest = z.input<typeof microSubmitRequestSchema>;

/** `GET /api/microtrade/lists`: `status` 1 running, 3 finished (both when blank); pair and currency optional. */
export const microListQuerySchema = z.object({
  page: pageField,
  limit: limitField(20, 100),
  status: optionalText(3),
  match_id: optionalText(10),
  currency_id: optionalText(10),
});
export type MicroListQuery = z.input<typeof microListQuerySchema>;

/** `GET /api/insurance/types`: the types of one currency, or of all when blank. */
export const insuranceTypesQuerySchema = z.object({ currency_id: optionalText(10) });
export type InsuranceTypesQuery = z.input<typeof insuranceTypesQuerySchema>;

/** `POST /api/insurance/buy`: a whole `quantity` of units of one type. */
export const insuranceBuyRequestSchema = form({
  insurance_type_id: int4Id('insurance_type_not_found'),
  quantity: optionalText(64),
});
export type InsuranceBuyRequest = z.input<typeof insuranceBuyRequestSchema>;

/** `POST /api/insurance/claim` and `/api/insurance/exchange`: one of the caller's positions. */
export const insurancePositionRequestSchema = form({ id: int4Id('insurance_not_found') });
export type InsurancePositionRequest = z.input<typeof insurancePositionRequestSchema>;

/** A preset stake button of a payable currency. */
export const microNumberSchema = z.object({
  id: z.number().int(),
  currency_id: z.number().int(),
  number: decimal,
});
export type MicroNumber = z.infer<typeof microNumberSchema>;

/**
 * An insurance type offered for a payable currency: a whole `quantity` within the range buys
 * quantity × unit_amount of insured balance for premium_rate (a fraction) of it; a claim pays claim_rate of
 * the loss once the balance has lost claim_loss_ratio; it ends at termination_profit_ratio profit.
 */
export const insuranceTypeSchema = z.object({
  id: z.number().int(),
  currency_id: z.number().int(),
  currency_name: z.string(),
  name: z.string(),
  min_quantity: z.number().int(),
  max_quantity: z.number().int(),
  unit_amount: decimal,
  premium_rate: decimal,
  claim_rate: decimal,
  claim_loss_ratio: decimal,
  termination_profit_ratio: decimal,
  claims_per_day: z.number().int(),
});
export type InsuranceType = z.infer<typeof insuranceTypeSchema>;

/** An insured position: status 1 active, 2 terminated (by a claim or at 100% profit), 3 exchanged back. */
export const insurancePositionSchema = z.object({
  id: z.number().int(),
  insurance_type_id: z.number().int(),
  insurance_type_name: z.string(),
  currency_id: z.number().int(),
  currency_name: z.string(),
  quantity: z.number().int(),
  insured_amount: decimal,
  premium: decimal,
  insurance_balance: decimal,
  claim_amount: decimal,
  status: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  end_reason: z.string(),
  /** The balance at or below which a claim is due (50% lost). */
  claim_line: decimal,
  /** The balance at which the position terminates (100% profit). */
  termination_line: decimal,
  can_claim: z.union([z.literal(0), z.literal(1)]),
  can_exchange: z.union([z.literal(0), z.literal(1)]),
  created_at: z.string(),
  claimed_at: z.string(),
  terminated_at: z.string(),
  exchanged_at: z.string(),
});
export type InsurancePosition = z.infer<typeof insurancePositionSchema>;

/** `POST /api/insurance/buy`, `/claim` and `/exchange`: the sentence to show and the position as it is now. */
export const insuranceActionAnswerSchema = z.union([
  z.object({ type: z.literal('ok'), message: z.string(), data: insurancePositionSchema }),
  errorEnvelopeSchema,
]);

/** `GET /api/microtrade/payable_currencies`: a currency seconds orders can be paid in, with the caller's wallet. */
export const payableCurrencySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  logo: z.string(),
  decimal_scale: z.number().int(),
  micro_trade_fee: decimal,
  micro_min: decimal,
  micro_max: decimal,
  micro_holdtrade_max: z.number().int(),
  is_micro: z.number().int(),
  micro_numbers: z.array(microNumberSchema),
  insurance_types: z.array(insuranceTypeSchema),
  user_wallet: z.object({
    currency: z.number().int(),
    micro_balance: decimal,
    lock_micro_balance: decimal,
    insurance_balance: decimal,
    micro_with_insurance: decimal,
  }),
  user_insurance: z
    .object({
      id: z.number().int(),
      insurance_type_id: z.number().int(),
      status: z.number().int(),
      insured_amount: decimal,
      insurance_balance: decimal,
    })
    .nullable(),
});
export type PayableCurrency = z.infer<typeof payableCurrencySchema>;

/** `GET /api/microtrade/seconds`: a duration with its profit ratio (percent) and stake limits (0 = none). */
export const secondsOptionSchema = z.object({
  id: z.number().int(),
  seconds: z.number().int(),
  status: z.number().int(),
  /** Percent of the stake a winning order earns. */
  profit_ratio: decimal,
  /** 0: no limit. */
  min_amount: decimal,
  max_amount: decimal,
  created_at: z.string(),
  updated_at: z.string(),
});
export type SecondsOption = z.infer<typeof secondsOptionSchema>;

/** A seconds order as the submit answer, the lists and the `micro_closed` push give it. */
export const microOrderSchema = z.object({
  id: z.string(),
  show_micro_id: z.number().int(),
  match_id: z.number().int(),
  currency_id: z.number().int(),
  symbol_name: z.string(),
  currency_name: z.string(),
  /** 1 up, 2 down. */
  type: z.union([z.literal(1), z.literal(2)]),
  type_name: z.string(),
  is_insurance: z.union([z.literal(0), z.literal(1)]),
  seconds: z.number().int(),
  number: decimal,
  fee: decimal,
  profit_ratio: decimal,
  open_price: decimal,
  /** Empty while running. */
  end_price: z.string(),
  /** 1 running, 3 finished. */
  status: z.number().int(),
  status_name: z.string(),
  /** 1 win, 0 tie, -1 loss (0 while running). */
  profit_result: z.union([z.literal(-1), z.literal(0), z.literal(1)]),
  profit_result_name: z.string(),
  fact_profits: decimal,
  /** What settlement paid back: stake + profit on a win, the stake on a tie, 0 on a loss. */
  payout: decimal,
  remain_milli_seconds: z.number().int(),
  created_at: z.string(),
  handled_at: z.string(),
  /** Empty while running. */
  complete_at: z.string(),
});
export type MicroOrder = z.infer<typeof microOrderSchema>;

/** `micro_closed`: a settled order, to its owner's room only. */
export const microClosedPushSchema = z.object({ type: z.literal('micro_closed'), data: microOrderSchema });
export type MicroClosedPush = z.infer<typeof microClosedPushSchema>;
