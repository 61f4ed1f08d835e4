import { AppError } from '@exchange/kernel/errors';

/**
 * The open-order limit of spot: at most this many orders resting per user and market. The matcher, the one
 * writer of each market, counts them in memory as it books them (see `Market`) and refuses a placement
 * beyond the limit in its batch, so the limit holds whatever number of API processes take orders.
 */
export const MAX_OPEN_ORDERS_PER_MARKET = 200;

/** The refusal of one more order when its owner already has `open` orders resting in the market, if any. */
export function openOrderLimitError(open: number): AppError | undefined {
  return open >= MAX_OPEN_ORDERS_PER_MARKET
    ? new AppError('too_many_open_orders', { max: MAX_OPEN_ORDERS_PER_MARKET })
    : undefined;
}
