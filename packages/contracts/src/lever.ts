import { z } from 'zod';
import { blankAsMissing, form, int4Id, int8Id, limitField, optionalText, pageField } from './fields';
import { decimal } from './primitives';
import { laravelPageSchema } from './paging';

const pairField = int4Id('lever_pair_closed');
const optionalPairField = blankAsMissing(pairField);
const positionId = int8Id('lever_position_not_found');

/** `POST /api/lever/deal`: one pair by its two currencies. */
export const leverPairRequestSchema = form({ legal_id: pairField, currency_id: pairField });
export type LeverPairRequest = z.input<typeof leverPairRequestSchema>;

/** `POST /api/lever/dealall`: a page of one pair's positions in one state (in trade when blank). */
export const leverPositionsRequestSchema = form({
  legal_id: pairField,
  currency_id: pairField,
  status: optionalText(2),
  page: pageField,
  limit: limitField(10),
});
export type LeverPositionsRequest = z.input<typeof leverPositionsRequestSchema>;

/**
 * `POST /api/lever/submit`: `type` 1 long, 2 short; `status` 1 market (when blank), 0 limit at
 * `target_price`; the trade password is required.
 */
export const leverSubmitRequestSchema = form({
  legal_id: pairField,
  currency_id: pairField,
  type: optionalText(2),
  share: optionalText(12),
  multiple: optionalText(12),
  status: optionalText(2),
  target_price: optionalText(64),
  password: optionalText(64),
});
export type LeverSubmitRequest = z.input<typeof leverSubmitRequestSchema>;

/** `POST /api/lever/close` and `/api/lever/cancel`: one of the caller's positions or entrusts. */
export const leverPositionRequestSchema = form({ id: positionId });
export type LeverPositionRequest = z.input<typeof leverPositionRequestSchema>;

/** `POST /api/lever/setstop`: take-profit and stop-loss prices (blank clears one). */
export const leverStopRequestSchema = form({
  id: positionId,
  target_profit_price: optionalText(64),
  stop_loss_price: optionalText(64),
});
export type LeverStopRequest = z.input<typeof leverStopRequestSchema>;

/** `POST /api/lever/batch_close`: `type` 0 all (when blank), 1 longs, 2 shorts; optionally one pair. */
export const leverBatchCloseRequestSchema = form({
  type: optionalText(2),
  legal_id: optionalPairField,
  currency_id: optionalPairField,
});
export type LeverBatchCloseRequest = z.input<typeof leverBatchCloseRequestSchema>;

/** `POST /api/lever/my_trade`: a page of orders in one state (all when blank), optionally of one pair. */
export const leverMyTradeRequestSchema = form({
  status: optionalText(3),
  legal_id: optionalPairField,
  currency_id: optionalPairField,
  page: pageField,
  limit: limitField(10),
});
export type LeverMyTradeRequest = z.input<typeof leverMyTradeRequestSchema>;

/** A lever position or entrust, the contract's LeverTransaction with its appended fields (document 3, section 3). */
export const leverOrderSchema = z.object({
  id: z.number().int(),
  show_lever_id: z.number().int(),
  user_id: z.number().int(),
  /** 1 long (buy), 2 short (sell). */
  type: z.union([z.literal(1), z.literal(2)]),
  type_name: z.string(),
  /** 0 pending entrust, 1 in trade, 2 closing, 3 closed, 4 cancelled. */
  status: z.number().int(),
  status_name: z.string(),
  symbol: z.string(),
  legal: z.number().int(),
  currency: z.number().int(),
  legal_name: z.string(),
  currency_name: z.string(),
  share: z.number().int(),
  number: decimal,
  multiple: z.number().int(),
  origin_price: decimal,
  price: decimal,
  /** The mark while live; the close price once closing or closed. */
  update_price: decimal,
  /** Once claimed for closing: the mark it closed at (empty before). */
  close_price: z.string(),
  /** Why it closed: user, batch, stop_profit, stop_loss, burst, overnight (empty while open). */
  close_reason: z.string(),
  target_profit_price: decimal,
  stop_loss_price: decimal,
  origin_caution_money: decimal,
  caution_money: decimal,
  trade_fee: decimal,
  overnight: decimal,
  overnight_money: decimal,
  profits: decimal,
  fact_profits: decimal,
  /** A loss beyond the margin, booked against the insurance fund. */
  shortfall: decimal,
  time: z.string(),
  create_time: z.string(),
  transaction_time: z.string(),
  handle_time: z.string(),
  complete_time: z.string(),
});
export type LeverOrder = z.infer<typeof leverOrderSchema>;

const bookSide = z.array(z.object({ price: decimal, share: z.number().int() }));
const optionValues = z.array(z.object({ value: z.number().int() }));

/** `POST /api/lever/deal`: the pair's options and anonymous book, the user's live positions, the lever balance. */
export const LEVER_MARK_STATES = ['ok', 'book_thin', 'no_trade', 'stale', 'none'] as const;
export type LeverMarkState = (typeof LEVER_MARK_STATES)[number];

export const leverDealSchema = z.object({
  lever_transaction: z.object({ in: bookSide, out: bookSide }),
  my_transaction: z.array(leverOrderSchema),
  lever_share_limit: z.object({ min: z.number().int(), max: z.number().int() }),
  multiple: z.object({ muit: optionValues, share: optionValues }),
  lever_share_num: decimal,
  /** Percents, for the estimate. */
  lever_trade_fee: decimal,
  spread: decimal,
  overnight: decimal,
  last_price: decimal,
  /**
   * Whether the book backs the mark now (not in the original contract): `ok`; `book_thin` (a side holds less
   * than the impact notional) or `no_trade` (no trades of the minimum notional lately), when opens are
   * refused and stops and liquidations wait on the last reliable mark (`last_price`); `stale` while the mark
   * is not being computed (opens and closes refused); `none` before the pair ever had one.
   */
  mark_state: z.enum(LEVER_MARK_STATES),
  user_lever: decimal,
  all_levers: decimal,
  ustd_price: decimal,
  ExRAte: z.string(),
});
export type LeverDeal = z.infer<typeof leverDealSchema>;

/** The risk figures of one quote currency's lever account (totals over all pairs, then the asked pair's). */
const riskFields = {
  hazard_rate: z.string(),
  caution_money_total: decimal,
  origin_caution_money_total: decimal,
  profits_total: decimal,
  caution_money: decimal,
  origin_caution_money: decimal,
  profits: decimal,
};

/** `POST /api/lever/dealall`: the positions of one pair in one state with the risk summary. */
export const leverPositionsSchema = z.object({
  balance: decimal,
  ...riskFields,
  order: laravelPageSchema(leverOrderSchema),
});
export type LeverPositions = z.infer<typeof leverPositionsSchema>;

/** `POST /api/lever/my_trade`: a page of orders in one state or all. */
export const leverMyTradeSchema = z.object({
  rate_profits_total: z.object({ hazard_rate: z.string(), profits_total: decimal }),
  message: laravelPageSchema(leverOrderSchema),
});
export type LeverMyTrade = z.infer<typeof leverMyTradeSchema>;

/**
 * `lever_trade` to the owner's room (contract notes section 5): the account's risk at the current marks, and
 * its open positions and entrusts as JSON text, as the original sent them.
 */
export const leverTradePushSchema = z.object({
  type: z.literal('lever_trade'),
  to: z.number().int(),
  legal_id: z.number().int(),
  hazard_rate: z.string(),
  caution_money_all: decimal,
  origin_caution_money_all: decimal,
  profits_all: decimal,
  caution_money: decimal,
  origin_caution_money: decimal,
  profits: decimal,
  trades_all: z.string(),
  trades_entrust: z.string(),
  trades_cur: z.string(),
});
export type LeverTradePush = z.infer<typeof leverTradePushSchema>;

/** `lever_closed` to the owner's room: the ids of positions just settled or entrusts cancelled. */
export const leverClosedPushSchema = z.object({
  type: z.literal('lever_closed'),
  to: z.number().int(),
  id: z.array(z.number().int()),
});
export type LeverClosedPush = z.infer<typeof leverClosedPushSchema>;
