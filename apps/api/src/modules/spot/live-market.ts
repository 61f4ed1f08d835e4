import { OrderBook, type Side, type TimeInForce } from '@exchange/engine';
import type { Db } from '@exchange/kernel/db';
import {
  divideRoundingPaid,
  Money,
  parseScaled,
  SCALED_ONE,
  type Money as MoneyValue,
  type Scaled,
} from '@exchange/kernel/ledger';
import { gridOf, scaledToLots, scaledToTicks, type Pair } from './pairs';

/** A market buy locks this many percent above its estimated cost; what it does not spend returns when it ends. */
export const MARKET_BUY_SLIPPAGE_PERCENT = 5n;
/** How deep into the asks a market buy's cost is estimated; beyond, at the last trade price. */
const MARKET_BUY_LEVELS = 500;

/**
 * What the matcher remembers of a live order between batches (derived from Postgres at every rebuild). Its
 * money is scaled (10^-18 as a bigint, ledger/scaled.ts): the batch's arithmetic is integer arithmetic.
 */
export interface LiveOrder {
  id: string;
  userId: number;
  side: 1 | 2;
  kind: string;
  price: Scaled | null;
  amount: Scaled;
  filled: Scaled;
  quoteFilled: Scaled;
  locked: Scaled;
  fee: Scaled;
  state: string;
  timeInForce: TimeInForce;
  postOnly: boolean;
  /** The order's place in the market's arrival order: its time priority, kept through a rebuild. */
  arrival: number;
  createdAt: Date;
}

export const engineSide = (side: number): Side => (side === 1 ? 'buy' : 'sell');

/**
 * One market as the matcher holds it: the engine's book and the live orders resting in it. Postgres is the
 * source of truth; this is rebuilt from the open orders whenever the matcher starts or a commit fails.
 */
export class Market {
  book: OrderBook = new OrderBook();
  /** The orders resting in the book, by id; change it through `rest` and `unrest`, which keep the counts. */
  readonly resting = new Map<string, LiveOrder>();
  /** Resting orders per owner: what the open-order limit reads. */
  private readonly openByOwner = new Map<number, number>();
  /** The price of the market's latest trade (what a market buy beyond the asks is reserved at). */
  lastPrice: MoneyValue | undefined;
  /** How many committed batches have changed the book (`spot_book_versions`), the depth's sequence. */
  bookVersion = 0;
  /** The arrival number the next new order takes (above every resting order's). */
  private arrivals = 1;

  constructor(public pair: Pair) {}

  /**
   * Numbers the orders in the order the matcher takes them. Ids do not do it: each process sending orders
   * draws its ids in blocks, so an order may carry a lower id than one that reached the matcher before it.
   */
  nextArrival(): number {
    const arrival = this.arrivals;
    this.arrivals += 1;
    return arrival;
  }

  async rebuild(prisma: Db): Promise<void> {
    const [last] = await prisma.spotTrade.findMany({
      where: { match_id: this.pair.id },
      orderBy: { sequence: 'desc' },
      take: 1,
    });
    this.book = new OrderBook({ firstTradeSequence: last ? Number(last.sequence) + 1 : 1 });
    this.lastPrice = last ? new Money(last.price.toFixed()) : undefined;
    const version = await prisma.spotBookVersion.findUnique({ where: { match_id: this.pair.id } });
    this.bookVersion = version ? Number(version.version) : 0;
    this.resting.clear();
    this.openByOwner.clear();
    const open = await prisma.spotOrder.findMany({
      where: { match_id: this.pair.id, state: 'open' },
      orderBy: [{ arrival: 'asc' }, { id: 'asc' }],
    });
    this.arrivals = Number(open.at(-1)?.arrival ?? 0) + 1;
    for (const row of open) {
      const order = toLiveOrder(row);
      if (order.price === null) continue;
      this.book.restore({
        orderId: Number(row.id),
        ownerId: row.user_id,
        side: engineSide(row.side),
        priceTicks: scaledToTicks(this.pair, order.price),
        remainingLots: scaledToLots(this.pair, order.amount - order.filled),
      });
      this.rest(order);
    }
    // Walked once before it trades (O(orders)): a book rebuilt wrong stops the matcher rather than trading.
    this.book.checkIntegrity();
  }

  rest(order: LiveOrder): void {
    if (this.resting.has(order.id)) return;
    this.resting.set(order.id, order);
    this.openByOwner.set(order.userId, this.openOrdersOf(order.userId) + 1);
  }

  unrest(order: LiveOrder): void {
    if (!this.resting.delete(order.id)) return;
    const left = this.openOrdersOf(order.userId) - 1;
    if (left > 0) this.openByOwner.set(order.userId, left);
    else this.openByOwner.delete(order.userId);
  }

  openOrdersOf(userId: number): number {
    return this.openByOwner.get(userId) ?? 0;
  }

  /**
   * What a market buy of `amount` locks: its cost against the asks resting now (best first) and, for what
   * they cannot cover, at the last trade price, plus the slippage reserve, rounded up at the quote currency's
   * precision. Undefined when the market has neither asks nor a trade. The cost is summed in 10^-36 (scaled
   * amount × scaled price), so nothing rounds before that one rounding up.
   */
  marketBuyBudget(amount: Scaled): Scaled | undefined {
    const grid = gridOf(this.pair);
    let cost = 0n;
    let remaining = amount;
    for (const [ticks, lots] of this.book.depth(MARKET_BUY_LEVELS).asks) {
      if (remaining <= 0n) break;
      const level = BigInt(lots) * grid.lot;
      const take = remaining < level ? remaining : level;
      cost += take * BigInt(ticks) * grid.tick;
      remaining -= take;
    }
    if (remaining > 0n && this.lastPrice) cost += remaining * parseScaled(this.lastPrice.toFixed());
    else if (remaining > 0n && cost === 0n) return undefined;
    const withReserve = cost * (100n + MARKET_BUY_SLIPPAGE_PERCENT);
    return divideRoundingPaid(withReserve, 100n * SCALED_ONE, this.pair.legal.decimal_scale);
  }
}

/** An order row as Prisma or `pg` return it (exact decimals as Decimal or text, ids as bigint or text). */
export interface OrderRow {
  id: bigint | string;
  user_id: number;
  match_id: number;
  side: number;
  kind: string;
  price: { toString(): string } | null;
  amount: { toString(): string };
  filled: { toString(): string };
  quote_filled: { toString(): string };
  locked: { toString(): string };
  fee: { toString(): string };
  state: string;
  time_in_force: string;
  post_only: boolean;
  arrival: bigint | string;
  created_at: Date;
}

export function toLiveOrder(row: OrderRow): LiveOrder {
  return {
    id: String(row.id),
    userId: row.user_id,
    side: row.side === 1 ? 1 : 2,
    kind: row.kind,
    price: row.price === null ? null : parseScaled(String(row.price)),
    amount: parseScaled(String(row.amount)),
    filled: parseScaled(String(row.filled)),
    quoteFilled: parseScaled(String(row.quote_filled)),
    locked: parseScaled(String(row.locked)),
    fee: parseScaled(String(row.fee)),
    state: row.state,
    timeInForce: row.time_in_force === 'IOC' || row.time_in_force === 'FOK' ? row.time_in_force : 'GTC',
    postOnly: row.post_only,
    arrival: Number(row.arrival),
    createdAt: row.created_at,
  };
}
