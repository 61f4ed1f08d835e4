import type { Db } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import { Money, parseAmount, toAmountString, type Money as MoneyValue } from '@exchange/kernel/ledger';
import { findTradablePair, type Pair } from './pairs';
import type { Placement, Placements } from './placements';

export const SIDE = { buy: 1, sell: 2 } as const;
export type TimeInForce = 'GTC' | 'IOC' | 'FOK';

export interface PlaceOrderInput {
  legalId: number;
  currencyId: number;
  side: 1 | 2;
  kind: 'limit' | 'market';
  price: string;
  amount: string;
  timeInForce: TimeInForce;
  postOnly: boolean;
}

/** A price the user typed: positive, on the pair's tick grid. */
export function parsePrice(raw: string, decimals: number): MoneyValue {
  try {
    return parseAmount(raw, decimals);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const key = (
      {
        amount_required: 'price_required',
        amount_invalid: 'price_invalid',
        amount_not_positive: 'price_not_positive',
        amount_too_precise: 'price_too_precise',
      } as const
    )[error.key as 'amount_required'];
    throw key ? new AppError(key, error.params) : error;
  }
}

export interface OrderDeps {
  prisma: Db;
  placements: Placements;
}

/**
 * Places an order: everything a request can get wrong on its own is refused before anything is sent; then the
 * order goes to the matcher, which locks its funds or refuses it (`balance_insufficient`,
 * `too_many_open_orders`, `no_market_price`) in the batch that books it and writes it. `waitMs` bounds how long
 * the returned verdict waits for the matcher before the order's fate is settled in Postgres (see Placements).
 */
export async function placeOrder(
  deps: OrderDeps,
  user: { id: number },
  input: PlaceOrderInput,
  waitMs = 0,
): Promise<Placement & { pair: Pair }> {
  const pair = await findTradablePair(deps.prisma, input.legalId, input.currencyId);
  const price = input.kind === 'limit' ? parsePrice(input.price, pair.price_decimals) : undefined;
  const amount = parseAmount(input.amount, pair.amount_decimals);
  const minAmount = new Money(pair.min_amount.toFixed());
  if (amount.lt(minAmount))
    throw new AppError('amount_below_min', { min: toAmountString(minAmount), currency: pair.currency.name });
  const placement = await deps.placements.place(
    {
      userId: user.id,
      pair,
      side: input.side,
      kind: input.kind,
      timeInForce: input.timeInForce,
      postOnly: input.postOnly,
      ...(price ? { price } : {}),
      amount,
    },
    waitMs,
  );
  return { ...placement, pair };
}
