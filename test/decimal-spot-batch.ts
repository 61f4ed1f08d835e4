import { OrderBook, type EngineEvent, type PlaceCommand } from '@exchange/engine';
import { LOG_TYPES, Money, roundPaid, type LogType, type Money as MoneyValue } from '@exchange/kernel/ledger';
import { engineSide } from '../apps/api/src/modules/spot/live-market';
import { openOrderLimitError } from '../apps/api/src/modules/spot/open-orders';
import { lotsToAmount, ticksToPrice, type Pair } from '../apps/api/src/modules/spot/pairs';

/**
 * The spot matcher's batch arithmetic as it was written with decimal.js, before it counted in scaled
 * integers: locks, fills, fees, market-buy budgets, releases, and balance movements netted per order. The
 * reference of the integer code's differential tests (apps/api/src/modules/spot/integer-money.test.ts) and
 * its CPU benchmark (bench/spot/settle-cpu.bench.ts). It drives an engine book of its own with the same
 * commands, so the same orders produce the same engine events on both sides.
 */
const tenTo = (exponent: number) => new Money(10).pow(exponent);

export function decimalTradeFees(pair: Pair, amount: MoneyValue, quote: MoneyValue, buyerIsTaker: boolean) {
  const rate = (isTaker: boolean) => new Money((isTaker ? pair.taker_fee : pair.maker_fee).toFixed());
  return {
    buyerFee: Money.min(roundPaid(amount.times(rate(buyerIsTaker)), pair.currency.decimal_scale), amount),
    sellerFee: Money.min(roundPaid(quote.times(rate(!buyerIsTaker)), pair.legal.decimal_scale), quote),
  };
}

export function decimalMarketBuyBudget(
  pair: Pair,
  book: OrderBook,
  lastPrice: MoneyValue | undefined,
  amount: MoneyValue,
) {
  let cost = new Money(0);
  let remaining = amount;
  for (const [ticks, lots] of book.depth(500).asks) {
    if (remaining.lte(0)) break;
    const take = Money.min(remaining, lotsToAmount(pair, lots));
    cost = cost.plus(take.times(ticksToPrice(pair, ticks)));
    remaining = remaining.minus(take);
  }
  if (remaining.gt(0) && lastPrice) cost = cost.plus(remaining.times(lastPrice));
  else if (remaining.gt(0) && cost.isZero()) return undefined;
  return roundPaid(cost.times(new Money('1.05')), pair.legal.decimal_scale);
}

export interface DecimalOrder {
  id: string;
  userId: number;
  side: 1 | 2;
  kind: 'limit' | 'market';
  price: MoneyValue | null;
  amount: MoneyValue;
  filled: MoneyValue;
  quoteFilled: MoneyValue;
  locked: MoneyValue;
  fee: MoneyValue;
  state: string;
  timeInForce: 'GTC' | 'IOC' | 'FOK';
  postOnly: boolean;
}

/** The reference's market: its own engine book (fed the same commands), resting orders and last price. */
export class DecimalMarket {
  readonly book = new OrderBook();
  readonly resting = new Map<string, DecimalOrder>();
  lastPrice: MoneyValue | undefined;
  constructor(readonly pair: Pair) {}
  private readonly openByOwner = new Map<number, number>();
  openOrdersOf(userId: number) {
    return this.openByOwner.get(userId) ?? 0;
  }
  rest(order: DecimalOrder) {
    if (this.resting.has(order.id)) return;
    this.resting.set(order.id, order);
    this.openByOwner.set(order.userId, this.openOrdersOf(order.userId) + 1);
  }
  unrest(order: DecimalOrder) {
    if (this.resting.delete(order.id))
      this.openByOwner.set(order.userId, this.openOrdersOf(order.userId) - 1);
  }
}

const LOG_TYPE_RANK: LogType[] = [
  LOG_TYPES.SPOT_ORDER_RELEASE,
  LOG_TYPES.SPOT_ORDER_LOCK,
  LOG_TYPES.SPOT_TRADE,
];

/** One batch as the decimal matcher settled it: locks, fills, fees, releases, movements netted per order. */
export class DecimalBatch {
  readonly orders = new Map<string, DecimalOrder>();
  readonly rejectReasons = new Map<string, string>();
  readonly trades: { sequence: number; texts: string[] }[] = [];
  private readonly net = new Map<
    string,
    { userId: number; currencyId: number; isLock: boolean; delta: MoneyValue; orderId: string; type: LogType }
  >();
  private readonly typeOf = new Map<string, LogType>();

  constructor(
    private readonly market: DecimalMarket,
    private readonly available: Map<string, MoneyValue>,
  ) {}

  place(order: DecimalOrder): void {
    this.orders.set(order.id, order);
    const { pair } = this.market;
    const isBuy = order.side === 1;
    const remaining = order.amount.minus(order.filled);
    const amount = !isBuy
      ? remaining
      : order.price
        ? order.price.times(remaining)
        : decimalMarketBuyBudget(pair, this.market.book, this.market.lastPrice, remaining);
    const currencyId = isBuy ? pair.legal_id : pair.currency_id;
    const left = this.available.get(`${order.userId}:${currencyId}`);
    const refusal = openOrderLimitError(this.market.openOrdersOf(order.userId))
      ? 'too_many_open_orders'
      : !amount
        ? 'no_market_price'
        : !left || left.lt(amount)
          ? 'balance_insufficient'
          : undefined;
    if (refusal || !amount) {
      this.rejectReasons.set(order.id, refusal ?? '');
      this.finish(order, 'rejected');
      return;
    }
    this.move(order, currencyId, false, amount.neg(), LOG_TYPES.SPOT_ORDER_LOCK);
    this.move(order, currencyId, true, amount, LOG_TYPES.SPOT_ORDER_LOCK);
    order.locked = amount;
    const command: PlaceCommand = {
      type: 'place',
      orderId: Number(order.id),
      ownerId: order.userId,
      side: engineSide(order.side),
      kind: order.kind,
      ...(order.price ? { priceTicks: order.price.times(tenTo(pair.price_decimals)).toNumber() } : {}),
      quantityLots: remaining.times(tenTo(pair.amount_decimals)).toNumber(),
      ...(order.kind === 'market' && isBuy
        ? {
            maxQuoteTicksLots: order.locked
              .times(tenTo(pair.price_decimals + pair.amount_decimals))
              .floor()
              .toNumber(),
          }
        : {}),
      timeInForce: order.timeInForce,
      postOnly: order.postOnly,
      selfTrade: 'cancel-taker',
    };
    this.handle(this.market.book.apply(command));
  }

  cancel(orderId: string): void {
    this.handle(this.market.book.apply({ type: 'cancel', orderId: Number(orderId) }));
  }

  private orderOf(id: number): DecimalOrder {
    const order = this.orders.get(String(id)) ?? this.market.resting.get(String(id));
    if (!order) throw new Error(`the decimal batch lost order ${id}`);
    this.orders.set(order.id, order);
    return order;
  }

  private handle(events: EngineEvent[]): void {
    for (const event of events) {
      if (event.type === 'trade') this.trade(event);
      else if (event.type === 'rested') {
        const order = this.orderOf(event.orderId);
        order.state = 'open';
        this.market.rest(order);
      } else if (event.type === 'done')
        this.finish(this.orderOf(event.orderId), event.reason === 'filled' ? 'filled' : event.reason);
      else if (event.type === 'rejected') {
        const order = this.orderOf(event.orderId);
        this.rejectReasons.set(order.id, event.reason);
        this.finish(order, 'rejected');
      }
    }
  }

  private finish(order: DecimalOrder, state: string): void {
    order.state = { cancelled: 'cancelled', filled: 'filled', rejected: 'rejected' }[state] ?? 'expired';
    this.market.unrest(order);
    if (order.locked.gt(0)) {
      const currencyId = order.side === 1 ? this.market.pair.legal_id : this.market.pair.currency_id;
      this.move(order, currencyId, true, order.locked.neg(), LOG_TYPES.SPOT_ORDER_RELEASE);
      this.move(order, currencyId, false, order.locked, LOG_TYPES.SPOT_ORDER_RELEASE);
      order.locked = new Money(0);
    }
  }

  private trade(event: Extract<EngineEvent, { type: 'trade' }>): void {
    const { pair } = this.market;
    const taker = this.orderOf(event.takerOrderId);
    const maker = this.orderOf(event.makerOrderId);
    const [buyer, seller] = taker.side === 1 ? [taker, maker] : [maker, taker];
    const price = ticksToPrice(pair, event.priceTicks);
    const amount = lotsToAmount(pair, event.quantityLots);
    const quote = price.times(amount);
    const { buyerFee, sellerFee } = decimalTradeFees(pair, amount, quote, buyer === taker);
    const traded = LOG_TYPES.SPOT_TRADE;
    this.move(buyer, pair.legal_id, true, quote.neg(), traded);
    this.move(buyer, pair.currency_id, false, amount.minus(buyerFee), traded);
    this.move(seller, pair.currency_id, true, amount.neg(), traded);
    this.move(seller, pair.legal_id, false, quote.minus(sellerFee), traded);
    buyer.locked = buyer.locked.minus(quote);
    seller.locked = seller.locked.minus(amount);
    buyer.fee = buyer.fee.plus(buyerFee);
    seller.fee = seller.fee.plus(sellerFee);
    for (const order of [buyer, seller]) {
      order.filled = order.filled.plus(amount);
      order.quoteFilled = order.quoteFilled.plus(quote);
    }
    this.trades.push({
      sequence: event.sequence,
      texts: [price, amount, quote, buyerFee, sellerFee].map((value) => value.toFixed()),
    });
  }

  private move(order: DecimalOrder, currencyId: number, isLock: boolean, delta: MoneyValue, type: LogType) {
    const wallet = `${order.userId}:${currencyId}`;
    const left = isLock ? undefined : this.available.get(wallet);
    if (left) this.available.set(wallet, left.plus(delta));
    const key = `${order.id}:${currencyId}:${isLock}`;
    const movement = this.net.get(key);
    if (movement) movement.delta = movement.delta.plus(delta);
    else this.net.set(key, { userId: order.userId, currencyId, isLock, delta, orderId: order.id, type });
    const logged = this.typeOf.get(order.id);
    if (!logged || LOG_TYPE_RANK.indexOf(type) > LOG_TYPE_RANK.indexOf(logged))
      this.typeOf.set(order.id, type);
  }

  movements() {
    return [...this.net.values()]
      .filter((movement) => !movement.delta.isZero())
      .sort((a, b) => Number(b.delta.isPositive()) - Number(a.delta.isPositive()))
      .map((movement) => [
        movement.userId,
        movement.currencyId,
        movement.isLock,
        movement.delta.toFixed(),
        this.typeOf.get(movement.orderId),
        movement.orderId,
      ]);
  }
}
