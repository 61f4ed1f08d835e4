import { z } from 'zod';
import { secondsOptionSchema } from './micro';
import { LEVER_RISK_OPTIONS, type LeverRiskOption } from './constants';
import { newsItemSchema } from './news';

/**
 * The operator console's answers for markets and products, business settings and banners (issue #15, part
 * B): `/api/admin/products/*`. Decimals travel as strings, never as floats.
 */
const decimal = z.string();

/** A pair's spot and lever settings (`GET /api/admin/products/pairs`). */
export const adminPairSettingsSchema = z.object({
  id: z.number().int(),
  symbol: z.string(),
  is_display: z.number().int(),
  open_coin_trade: z.number().int(),
  open_lever: z.number().int(),
  open_microtrade: z.number().int(),
  /** Fractions of the amount received: 0.001 = 0.1 %. */
  maker_fee: decimal,
  taker_fee: decimal,
  price_decimals: z.number().int(),
  amount_decimals: z.number().int(),
  min_amount: decimal,
  /** Orders resting or on their way to the book: a lower precision waits until there are none. */
  open_orders: z.number().int(),
  lever: z.object({
    multiples: z.array(z.number().int()),
    shares: z.array(z.number().int()),
    lever_min_share: z.number().int(),
    lever_max_share: z.number().int(),
    lever_share_num: decimal,
    /** Percentages. */
    lever_trade_fee: decimal,
    spread: decimal,
    overnight: decimal,
    ...(Object.fromEntries(LEVER_RISK_OPTIONS.map((option) => [option, decimal])) as Record<
      LeverRiskOption,
      typeof decimal
    >),
  }),
  /** Seconds contracts: the settlement price rule and the exposure caps (percent of the micro pool). */
  micro: z.object({
    micro_price_window_seconds: z.number().int(),
    micro_price_lookback_seconds: z.number().int(),
    /** Quote currency. */
    micro_price_min_notional: decimal,
    micro_pair_exposure_percent: decimal,
    micro_user_exposure_percent: decimal,
  }),
});
export type AdminPairSettings = z.infer<typeof adminPairSettingsSchema>;
/** `POST /api/admin/products/pairs/save`: the pair's spot settings as they now are. */
export const adminPairSpotSchema = adminPairSettingsSchema.pick({
  id: true,
  maker_fee: true,
  taker_fee: true,
  min_amount: true,
  price_decimals: true,
  amount_decimals: true,
});
/** `POST /api/admin/products/pairs/lever`: the pair's lever options as they now are. */
export const adminPairLeverSchema = adminPairSettingsSchema.shape.lever.extend({
  pair: z.number().int(),
  open_lever: z.number().int(),
});
/** `POST /api/admin/products/pairs/micro`: the pair's seconds options as they now are. */
export const adminPairMicroSchema = adminPairSettingsSchema.shape.micro;

/** A seconds-contract duration (`GET /api/admin/products/seconds`): 1 offered, 0 withdrawn. */
export const adminSecondsOptionSchema = secondsOptionSchema.omit({ created_at: true, updated_at: true });
export type AdminSecondsOption = z.infer<typeof adminSecondsOptionSchema>;

/** A savings plan (`GET /api/admin/products/savings`), closed ones included: 1 open, 0 closed. */
export const adminSavingsPlanSchema = z.object({
  id: z.number().int(),
  currency: z.string(),
  day: z.number().int(),
  /** Percent over the whole term. */
  rate: decimal,
  save_min: decimal,
  status: z.number().int(),
});
export type AdminSavingsPlan = z.infer<typeof adminSavingsPlanSchema>;

/** An insurance type for seconds trading (`GET /api/admin/products/insurance`), withdrawn ones included. */
export const adminInsuranceTypeSchema = z.object({
  id: z.number().int(),
  currency: z.string(),
  name: z.string(),
  min_quantity: z.number().int(),
  max_quantity: z.number().int(),
  unit_amount: decimal,
  /** Fractions: the premium of the insured amount, and the share of a loss a claim pays. */
  premium_rate: decimal,
  claim_rate: decimal,
  status: z.number().int(),
  /** Positions of this type still insuring orders: their claims are paid at the type's claim rate. */
  active_positions: z.number().int(),
});
export type AdminInsuranceType = z.infer<typeof adminInsuranceTypeSchema>;

/** A business setting (`GET /api/admin/products/settings`): its value, its default and what it accepts. */
export const adminSettingSchema = z.object({
  key: z.string(),
  value: z.string(),
  default: z.string(),
  kind: z.enum(['switch', 'decimal', 'minutes', 'count', 'time', 'url', 'currency', 'percent_list']),
});
export type AdminSetting = z.infer<typeof adminSettingSchema>;

/** A home-page banner (news category 5) in one language, with its image. */
export const adminBannerSchema = newsItemSchema.omit({ c_id: true, thumbnail: true });
export type AdminBanner = z.infer<typeof adminBannerSchema>;

/** `POST /api/admin/products/banners/upload`: where the stored image is served from. */
export const adminUploadedImageSchema = z.object({ url: z.string() });
export type AdminUploadedImage = z.infer<typeof adminUploadedImageSchema>;
