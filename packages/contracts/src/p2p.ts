import { z } from 'zod';
import { errorEnvelopeSchema } from './envelope';
import { eachField } from './fields';
import { decimal } from './primitives';

export const adTypeSchema = z.enum(['buy', 'sell']);
/** An ad's side as its owner publishes it: `sell` offers crypto for fiat, `buy` asks for it. */
export type AdType = z.infer<typeof adTypeSchema>;
export const p2pKindSchema = z.enum(['c2c', 'shop']);
/** User-to-user ads (`c2c`) or a seller shop's (`shop`, the original's "legal" deals). */
export type P2pKind = z.infer<typeof p2pKindSchema>;

/** An ad as the market and "my ads" list it; never a contact detail. */
export const p2pAdSchema = z.object({
  id: z.number().int(),
  kind: p2pKindSchema,
  type: adTypeSchema,
  /** A shop's name for shop ads, the owner's masked account for c2c. */
  seller_name: z.string(),
  seller_initial: z.string(),
  currency_id: z.number().int(),
  currency_name: z.string(),
  /** The fiat currency paid. */
  coin_code: z.string(),
  way: z.string(),
  way_name: z.string(),
  price: decimal,
  total_number: decimal,
  surplus_number: decimal,
  /** Shop ads: the smallest and largest quantity one order may take. */
  min_number: decimal,
  max_number: decimal,
  /** 0 open, 1 done, 2 withdrawn. */
  is_done: z.number().int(),
  state: z.enum(['open', 'done', 'withdrawn']),
  /** Shop ads: 1 while on the shelf (listed), 0 when taken down. */
  is_shelves: z.number().int(),
  create_time: z.string(),
});
export type P2pAd = z.infer<typeof p2pAdSchema>;

/** The P2P payment settings, with the longest text each may hold (the `cash_save` request's limits). */
export const CASH_INFO_LENGTHS = {
  real_name: 64,
  bank_name: 100,
  bank_account: 64,
  alipay_account: 100,
  wechat_nickname: 64,
  wechat_account: 100,
  wechat_collect: 300,
  alipay_collect: 300,
};

/** Where a party is paid: present only on the orders of its two parties. */
export const cashInfoSchema = z.object(eachField(CASH_INFO_LENGTHS, () => z.string().optional()));
export type CashInfo = z.infer<typeof cashInfoSchema>;

const contact = z.object({ phone: z.string() });

/** One statement of an appeal, as a party sees it: its own (`me`) or the other party's. */
export const p2pAppealMessageSchema = z.object({
  from: z.enum(['me', 'counterparty']),
  message: z.string(),
  time: z.string(),
});
export type P2pAppealMessage = z.infer<typeof p2pAppealMessageSchema>;

/** A P2P order for one of its two parties, with what it may see of the other and what it may do. */
export const p2pOrderSchema = z.object({
  id: z.number().int(),
  kind: p2pKindSchema,
  ad_id: z.number().int(),
  type: adTypeSchema,
  /** 1 when the viewer owns the order's ad. */
  is_seller: z.union([z.literal(0), z.literal(1)]),
  /** Whether the viewer releases the crypto (`seller`) or pays the fiat (`buyer`). */
  role: z.enum(['seller', 'buyer']),
  currency_id: z.number().int(),
  currency_name: z.string(),
  number: decimal,
  price: decimal,
  deal_money: decimal,
  coin_code: z.string(),
  way: z.string(),
  way_name: z.string(),
  out_fee: decimal,
  /** 0 unpaid, 1 paid, 2 cancelled, 3 done. */
  is_sure: z.number().int(),
  /** 0 none, 1 under appeal, 2 resolved by an operator. */
  appeal_state: z.number().int(),
  /** How an appeal ended: an operator's `release` or `refund`, or the seller's `confirm` (empty before). */
  resolution: z.string(),
  /** Who cancelled a cancelled order: the fiat `payer`, the `deadline`, or an `operator` (empty otherwise). */
  cancelled_by: z.string(),
  /** When a party of a paid order may appeal (ms since the epoch). */
  appeal_from_ms: z.number().int().nullable(),
  /** What the parties told the operator of an appealed order, oldest first (empty when never appealed). */
  appeal_messages: z.array(p2pAppealMessageSchema),
  create_time: z.string(),
  format_create_time: z.string(),
  format_update_time: z.string(),
  /** When an unpaid order cancels itself. */
  pay_deadline: z.string(),
  pay_deadline_ms: z.number().int(),
  /** The ad owner as the market names it (a masked account). */
  seller_name: z.string(),
  /** The other party's masked account. */
  account_number: z.string(),
  /** The ad owner's and the taker's phones, masked as names are (empty without one; never an e-mail). */
  seller_phone: contact,
  phone: contact,
  /**
   * Only to the party who pays the fiat while the payment is due (unpaid, or paid and not yet confirmed):
   * the receiver's real name, account for the order's way, and payment details under the receiver's side
   * (`sell_cash_info` when the ad owner receives, `user_cash_info` when the taker does). Empty otherwise.
   */
  hes_realname: z.string(),
  hes_account: z.string(),
  sell_cash_info: cashInfoSchema,
  user_cash_info: cashInfoSchema,
  can_pay: z.union([z.literal(0), z.literal(1)]),
  can_cancel: z.union([z.literal(0), z.literal(1)]),
  can_confirm: z.union([z.literal(0), z.literal(1)]),
});
export type P2pOrder = z.infer<typeof p2pOrderSchema>;

/** A finished order on the caller's ads (the seller record). */
export const sellerRecordSchema = z.object({
  id: z.number().int(),
  type: adTypeSchema,
  currency_name: z.string(),
  create_time: z.string(),
  number: decimal,
  price: decimal,
  out_fee: decimal,
  deal_money: decimal,
  coin_code: z.string(),
  way_name: z.string(),
  /** The taker's masked account. */
  account_number: z.string(),
});
export type SellerRecord = z.infer<typeof sellerRecordSchema>;

/** Taking an ad: a sentence for the toast and the new order. */
export const p2pTakeAnswerSchema = z.object({ msg: z.string(), data: p2pOrderSchema });
export type P2pTakeAnswer = z.infer<typeof p2pTakeAnswerSchema>;

/** `GET /api/my_seller`: the shops (one per currency) an operator approved for the signed-in seller. */
export const myShopSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  currency_id: z.number().int(),
  currency_name: z.string(),
  status: z.number().int(),
});
export type MyShop = z.infer<typeof myShopSchema>;

/** An ok answer with fields beside its sentence, as the original answered these calls. */
const okBeside = <Extra extends z.ZodRawShape>(extra: Extra) =>
  z.union([z.object({ type: z.literal('ok'), message: z.string(), ...extra }), errorEnvelopeSchema]);

/** Publishing an ad (`send`): the sentence, and the new ad's id beside it. */
export const p2pPublishAnswerSchema = okBeside({ data: z.object({ id: z.number().int() }) });
export type P2pPublishAnswer = z.infer<typeof p2pPublishAnswerSchema>;

/** `POST /api/down`: the sentence, and the shop ad's shelf state beside it (1 listed, 0 taken down). */
export const p2pShelvesAnswerSchema = okBeside({ is_shelves: z.number().int() });
export type P2pShelvesAnswer = z.infer<typeof p2pShelvesAnswerSchema>;
