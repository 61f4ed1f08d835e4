import { z } from 'zod';
import { currencyFlags, decimal } from './primitives';

const flag = z.union([z.literal(0), z.literal(1)]);

/** The names of a market every push about it carries. */
export const marketNames = {
  symbol: z.string(),
  match_id: z.number().int(),
  legal_id: z.number().int(),
  currency_id: z.number().int(),
};

/** A pair as `quotation_new` lists it (document 1, section 3; contract notes section 4). */
export const quotationSchema = z.object({
  id: z.number().int(),
  match_id: z.number().int(),
  currency_id: z.number().int(),
  currency_name: z.string(),
  legal_id: z.number().int(),
  legal_name: z.string(),
  symbol: z.string(),
  now_price: decimal,
  change: z.string(),
  high: decimal,
  low: decimal,
  volume: decimal,
  is_display: z.number().int(),
  open_coin_trade: z.number().int(),
  open_transaction: z.number().int(),
  open_lever: z.number().int(),
  open_microtrade: z.number().int(),
  lever_share_num: decimal,
  price_decimals: z.number().int(),
  amount_decimals: z.number().int(),
  min_amount: decimal,
  maker_fee: decimal,
  taker_fee: decimal,
  rmb_relation: decimal,
  fiat_convert_cny: decimal,
  logo: z.string(),
  category: z.number().int(),
  added: flag,
});
export type Quotation = z.infer<typeof quotationSchema>;

/** A currency as the market calls name it. */
export const currencySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  full_name: z.string(),
  sort: z.number().int(),
  logo: z.string(),
  is_display: z.number().int(),
  ...currencyFlags,
  decimal_scale: z.number().int(),
});

/** `GET /api/currency/detail`: a currency with its description. */
export const currencyDetailSchema = currencySchema.extend({ desc: z.string() });
export type CurrencyDetail = z.infer<typeof currencyDetailSchema>;

/** The pairs of one quote currency, with its CNY rate (`GET /api/currency/quotation_new`). */
export const quotationGroupSchema = currencySchema.extend({
  rmb_relation: decimal,
  fiat_convert_cny: decimal,
  quotation: z.array(quotationSchema),
});
export type QuotationGroup = z.infer<typeof quotationGroupSchema>;

const bookLevelRow = z.object({
  currency: z.number().int(),
  legal: z.number().int(),
  price: decimal,
  number: decimal,
});

/** One market's book, latest trades and the caller's balances (`POST /api/transaction/deal`). */
export const marketDealSchema = z.object({
  /** Bids, best first. */
  in: z.array(bookLevelRow),
  /** Asks, best (lowest) last, as the original lists them. */
  out: z.array(bookLevelRow),
  /** The book's version these levels show, the `seq` of `market_depth` pushes. */
  depth_seq: z.number().int(),
  complete: z.array(
    z.object({
      id: z.string(),
      price: decimal,
      number: decimal,
      way: z.number().int(),
      create_time: z.string(),
      time: z.number().int(),
    }),
  ),
  last_price: decimal,
  cny_price: decimal,
  user_legal: decimal,
  user_currency: decimal,
});
export type MarketDeal = z.infer<typeof marketDealSchema>;

/** `daymarket`: the 24-hour rolling figures of one pair. */
export const dayMarketPushSchema = z.object({
  type: z.literal('daymarket'),
  ...marketNames,
  now_price: decimal,
  change: z.string(),
  volume: decimal,
  high: decimal,
  low: decimal,
});
export type DayMarketPush = z.infer<typeof dayMarketPushSchema>;

/** The 24-hour figures `transaction` carries, as JSON text. */
export const dayFiguresSchema = z.object({
  open: decimal,
  high: decimal,
  low: decimal,
  close: decimal,
  change: z.string(),
  volume: decimal,
  amount: decimal,
});
export type DayFigures = z.infer<typeof dayFiguresSchema>;

/**
 * `transaction` (document 1, section 7: "token, a 24-hour JSON"): a pair's rolling 24 hours after it traded,
 * pushed with `daymarket`. `token` is the traded currency, `24h` its figures as JSON text (`DayFigures`:
 * open, high, low, close, signed change in percent, base volume and quote amount).
 */
export const transactionPushSchema = z.object({
  type: z.literal('transaction'),
  ...marketNames,
  token: z.string(),
  '24h': z.string(),
});
export type TransactionPush = z.infer<typeof transactionPushSchema>;

/**
 * `market_depth`: the book's best levels, each `[price, amount]`, best first. `seq` counts the batches that
 * changed the book, the same count the REST depth (`/api/transaction/deal`) answers: keep the newer.
 */
export const depthPushSchema = z.object({
  type: z.literal('market_depth'),
  ...marketNames,
  currency_name: z.string(),
  legal_name: z.string(),
  seq: z.number().int(),
  bids: z.array(z.tuple([decimal, decimal])),
  asks: z.array(z.tuple([decimal, decimal])),
});
export type DepthPush = z.infer<typeof depthPushSchema>;

/** `match_trade`: one trade, `id` as the REST trade list names it; `way` is the taker's side (1 buy, 2 sell). */
export const tradePushSchema = z.object({
  ...marketNames,
  id: z.string(),
  price: decimal,
  number: decimal,
  way: z.number().int(),
  time: z.number().int(),
});
export type TradePush = z.infer<typeof tradePushSchema>;

/** `kline`: one candle as it stands, keyed by its open time. */
export const klinePushSchema = z.object({
  type: z.literal('kline'),
  ...marketNames,
  currency_name: z.string(),
  legal_name: z.string(),
  period: z.string(),
  open: decimal,
  high: decimal,
  low: decimal,
  close: decimal,
  volume: decimal,
  time: z.number().int(),
});
export type KlinePush = z.infer<typeof klinePushSchema>;

/** A candle of `GET /api/currency/new_timeshar`, in the original's field names (time in ms, id in s). */
export const candleSchema = z.object({
  id: z.number().int(),
  period: z.string(),
  'base-currency': z.string(),
  'quote-currency': z.string(),
  open: decimal,
  close: decimal,
  high: decimal,
  low: decimal,
  vol: decimal,
  amount: decimal,
  volume: decimal,
  time: z.number().int(),
});
export type Candle = z.infer<typeof candleSchema>;

/** `new_timeshar` answers outside the envelope: code 1 with the candles, or -1 and why. */
export const candleAnswerSchema = z.object({
  code: z.number().int(),
  msg: z.string(),
  data: z.array(candleSchema),
});
export type CandleAnswer = z.infer<typeof candleAnswerSchema>;

/** `POST /api/market/get_current`: a market's current candle of a period (the day: its rolling 24 hours). */
export const currentCandleSchema = z.object({
  change: z.string(),
  vol: decimal,
  high: decimal,
  low: decimal,
  close: decimal,
  open: decimal,
});
export type CurrentCandle = z.infer<typeof currentCandleSchema>;
