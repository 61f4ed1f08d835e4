import type { Db } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import {
  Money,
  parseAmount,
  roundPaid,
  toAmountString,
  type Money as MoneyValue,
} from '@exchange/kernel/ledger';
import { findTradablePair, type Pair } from './pairs';
import type { Placement, PlacementCommitter } from './placement-committer';
import type { QueuedOrder, SpotQueues } from './queue';

/** A market buy locks this much above the reference price; what it does not spend returns when it ends. */
export const MARKET_BUY_SLIPPAGE = new Money('0.05');
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

/**
 * What buying `amount` at market would cost against the asks resting now (the best first); for whatever the
 * book cannot cover, the last trade price. Undefined when the market has neither.
 */
export async function marketBuyCost(
  prisma: Db,
  matchId: number,
  amount: MoneyValue,
): Promise<MoneyValue | undefined> {
  const asks = await prisma.spotOrder.findMany({
    where: { match_id: matchId, state: 'open', side: SIDE.sell },
    orderBy: [{ price: 'asc' }, { id: 'asc' }],
    select: { price: true, amount: true, filled: true },
    take: 500,
  });
  let cost = new Money(0);
  let remaining = amount;
  for (const ask of asks) {
    if (remaining.lte(0) || !ask.price) break;
    const take = Money.min(remaining, new Money(ask.amount.toFixed()).minus(ask.filled.toFixed()));
    cost = cost.plus(take.times(ask.price.toFixed()));
    remaining = remaining.minus(take);
  }
  if (remaining.lte(0)) return cost;
  const [last] = await prisma.spotTrade.findMany({
    where: { match_id: matchId },
    orderBy: { id: 'desc' },
    take: 1,
  });
  if (last) return cost.plus(remaining.times(last.price.toFixed()));
  return cost.gt(0) ? cost : undefined;
}

/** What the order must lock: quote for a buy (price x amount, or a budget for a market buy), base for a sell. */
async function fundsToLock(
  prisma: Db,
  pair: Pair,
  input: PlaceOrderInput,
  amount: MoneyValue,
  price?: MoneyValue,
) {
  if (input.side === SIDE.sell) return { currencyId: pair.currency_id, amount };
  if (price) return { currencyId: pair.legal_id, amount: price.times(amount) };
  const cost = await marketBuyCost(prisma, pair.id, amount);
  if (!cost) throw new AppError('no_market_price');
  return {
    currencyId: pair.legal_id,
    amount: roundPaid(cost.times(MARKET_BUY_SLIPPAGE.plus(1)), pair.legal.decimal_scale),
  };
}

export interface OrderDeps {
  prisma: Db;
  placements: PlacementCommitter;
}

/**
 * Places an order: everything a user can get wrong on their own is refused before anything is written; then
 * the order is stored with its funds locked (in a group commit with whatever else is being placed) and handed
 * to the matcher. `waitMs` bounds how long the returned verdict waits for the matcher.
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
  const funds = await fundsToLock(deps.prisma, pair, input, amount, price);
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
      funds,
    },
    waitMs,
  );
  return { ...placement, pair };
}

/** Queues one stored order on its own (the sweeper's way; its job id dedupes what is still queued). */
export async function queuePlacement(queues: SpotQueues, order: QueuedOrder): Promise<void> {
  await queues.enqueue(
    order.match_id,
    { command: 'place', orderId: order.id.toString() },
    String(order.created_at.getTime()),
  );
}
