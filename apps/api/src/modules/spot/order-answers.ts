import { translate, type Locale } from '@exchange/kernel/i18n';
import { Money, toAmountString } from '@exchange/kernel/ledger';
import { okMessage } from '../../http/envelope';
import { MAX_OPEN_ORDERS_PER_MARKET } from './open-orders';
import { NOT_PLACED } from './placements';
import type { SubmittedOrder } from './submit-order';

/** Why the matcher refused an order, in the reader's language: its own checks, or the engine's. */
function refusalMessage(locale: Locale, reason: string): string {
  switch (reason) {
    case 'balance_insufficient':
    case 'no_market_price':
      return translate(locale, reason);
    case NOT_PLACED:
      return translate(locale, 'order_not_placed');
    case 'too_many_open_orders':
      return translate(locale, reason, { max: MAX_OPEN_ORDERS_PER_MARKET });
    case 'post-only-would-take':
      return translate(locale, 'post_only_would_take');
    default:
      return translate(locale, 'fok_unfillable');
  }
}

/** What the trader reads about the order's verdict so far. */
function verdictMessage(locale: Locale, { result, currency }: SubmittedOrder) {
  const filled = new Money(result.filled);
  const params = { filled: toAmountString(filled), currency };
  switch (result.state) {
    case 'filled':
      return okMessage(locale, 'order_filled');
    case 'rejected':
      return { type: 'error' as const, message: refusalMessage(locale, result.rejectReason) };
    case 'expired':
    case 'cancelled':
      return filled.gt(0)
        ? okMessage(locale, 'order_partially_executed', params)
        : { type: 'error' as const, message: translate(locale, 'market_order_unfilled') };
    default:
      return filled.gt(0)
        ? okMessage(locale, 'order_partially_filled', params)
        : okMessage(locale, 'order_placed');
  }
}

/** The answer to an order: its verdict, and the order itself (a refusal names it too, as the history does). */
export function placementAnswer(locale: Locale, submitted: SubmittedOrder) {
  return { ...verdictMessage(locale, submitted), order: submitted.order };
}
