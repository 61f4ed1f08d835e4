import { z } from 'zod';
import {
  blankAsMissing,
  form,
  int4Id,
  int8Id,
  limitField,
  optionalText,
  pageField,
  type RequestOf,
} from './fields';

/** `POST /api/coin/trade`: a limit or market order; `type` 1 buy, 2 sell. */
export const placeOrderRequestSchema = form({
  legal_id: int4Id('order_not_found'),
  currency_id: int4Id('order_not_found'),
  type: optionalText(2),
  target_price: optionalText(64),
  price: optionalText(64),
  amount: optionalText(64),
  order_type: optionalText(8),
  time_in_force: optionalText(3),
  post_only: optionalText(5),
});
export type PlaceOrderRequest = RequestOf<typeof placeOrderRequestSchema>;

/** `PUT /api/coin/trade`: cancels one of the caller's open orders. */
export const cancelOrderRequestSchema = form({ id: int8Id('order_not_found') });
export type CancelOrderRequest = RequestOf<typeof cancelOrderRequestSchema>;

/** `GET /api/coin/list`: status 1 current, 2 history; `type` 1 buy, 2 sell. */
export const orderListQuerySchema = z.object({
  page: pageField,
  limit: limitField(10, 100),
  status: optionalText(2),
  legal_id: blankAsMissing(int4Id('currency_not_found')),
  currency_id: blankAsMissing(int4Id('currency_not_found')),
  currency: blankAsMissing(int4Id('currency_not_found')),
  type: optionalText(2),
});
export type OrderListQuery = RequestOf<typeof orderListQuerySchema>;

/** `POST /api/transaction/deal`: one market by its two currencies. */
export const marketDealRequestSchema = form({ legal_id: int4Id(), currency_id: int4Id() });
export type MarketDealRequest = RequestOf<typeof marketDealRequestSchema>;

/** `POST /api/market/get_current`: the current candle of a period, the currencies by id or by name. */
export const currentCandleRequestSchema = form({
  base_currency: optionalText(16),
  quote_currency: optionalText(16),
  period: optionalText(8),
});
export type CurrentCandleRequest = RequestOf<typeof currentCandleRequestSchema>;

/** `GET /api/currency/new_timeshar`: candles of `symbol` between two times in seconds. */
export const candleHistoryQuerySchema = z.object({
  symbol: optionalText(32),
  period: optionalText(8),
  from: optionalText(16),
  to: optionalText(16),
});
export type CandleHistoryQuery = RequestOf<typeof candleHistoryQuerySchema>;

/** `POST /api/currency/optional`: toggles one favourite pair. */
export const favoriteToggleRequestSchema = form({ match_id: int4Id() });
export type FavoriteToggleRequest = RequestOf<typeof favoriteToggleRequestSchema>;

/** `GET /api/currency/detail`. */
export const currencyDetailQuerySchema = z.object({ id: int4Id() });
export type CurrencyDetailQuery = RequestOf<typeof currencyDetailQuerySchema>;
