import type { PlacedOrder, placeOrderRequestSchema } from '@exchange/contracts';
import type { z } from 'zod';
import { AppError } from '@exchange/kernel/errors';
import { placeOrder, SIDE, type OrderDeps } from './place-order';
import type { OrderResult } from './queue';

/** How long a request waits for the matcher's verdict before settling the order's fate itself (see Placements). */
export const ORDER_WAIT_MS = 3_000;

export type OrderForm = z.output<typeof placeOrderRequestSchema>;

/** A placed order as the trader sees it, what became of it, and the pair's base currency. */
export interface SubmittedOrder {
  order: PlacedOrder;
  result: OrderResult;
  currency: string;
}

/** The order form's side, kind and time in force, each refused unless it is one the engine knows. */
function orderTerms(form: OrderForm) {
  const side = Number(form.type);
  if (side !== SIDE.buy && side !== SIDE.sell) throw new AppError('order_type_invalid');
  const kind = form.order_type || 'limit';
  if (kind !== 'limit' && kind !== 'market') throw new AppError('order_type_invalid');
  const timeInForce = (form.time_in_force || 'GTC').toUpperCase();
  if (timeInForce !== 'GTC' && timeInForce !== 'IOC' && timeInForce !== 'FOK')
    throw new AppError('order_type_invalid');
  return { side, kind, timeInForce } as const;
}

/** A trader's order from the order form: placed, then its verdict awaited (see Placements). */
export async function submitOrder(deps: OrderDeps, userId: number, form: OrderForm): Promise<SubmittedOrder> {
  const { order, pair, verdict } = await placeOrder(
    deps,
    { id: userId },
    {
      legalId: form.legal_id,
      currencyId: form.currency_id,
      ...orderTerms(form),
      price: form.target_price || form.price,
      amount: form.amount,
      postOnly: form.post_only === '1' || form.post_only === 'true',
    },
    ORDER_WAIT_MS,
  );
  const result = await verdict;
  // A placement that waits is always settled: by the matcher, or by the request once the wait ran out.
  if (!result) throw new Error(`order ${order.id} has no verdict`);
  return {
    order: { id: order.id.toString(), state: result.state, filled: result.filled },
    result,
    currency: pair.currency.name,
  };
}
