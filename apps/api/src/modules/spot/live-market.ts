import { OrderBook, type Side, type TimeInForce } from '@exchange/engine';
import type { Db } from '@exchange/kernel/db';
import { Money, type Money as MoneyValue } from '@exchange/kernel/ledger';
import { amountToLots, priceToTicks, type Pair } from './pairs';

/** What the matcher remembers of a live order between batches (derived from Postgres at every rebuild). */
export interface LiveOrder {
  id: string;
  userId: number;
  side: 1 | 2;
  kind: string;
  price: MoneyValue | null;
  amount: MoneyValue;
  filled: MoneyValue;
  quoteFilled: MoneyValue;
  locked: MoneyValue;
  fee: MoneyValue;
  state: string;
  timeInForce: TimeInForce;
  postOnly: boolean;
}

export const engineSide = (side: number): Side => (side === 1 ? 'buy' : 'sell');

/**
 * One market as the matcher holds it: the engine's book and the live orders resting in it. Postgres is the
 * source of truth; this is rebuilt from the open orders whenever the matcher starts or a commit fails.
 */
export class Market {
  book: OrderBook = new OrderBook();
  resting = new Map<string, LiveOrder>();
  /** The price of the market's latest trade (the lever mark price reads it with the top of book). */
  lastPrice: MoneyValue | undefined;
  /** How many committed batches have changed the book (`spot_book_versions`), the depth's sequence. */
  bookVersion = 0;

  constructor(public pair: Pair) {}

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
    this.resting = new Map();
    const open = await prisma.spotOrder.findMany({
      where: { match_id: this.pair.id, state: 'open' },
      orderBy: { id: 'asc' },
    });
    for (const row of open) {
      const order = toLiveOrder(row);
      if (!order.price) continue;
      this.book.restore({
        orderId: Number(row.id),
        ownerId: row.user_id,
        side: engineSide(row.side),
        priceTicks: priceToTicks(this.pair, order.price),
        remainingLots: amountToLots(this.pair, order.amount.minus(order.filled)),
      });
      this.resting.set(order.id, order);
    }
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
  cancel_requested: boolean;
  time_in_force: string;
  post_only: boolean;
}

export function toLiveOrder(row: OrderRow): LiveOrder {
  return {
    id: String(row.id),
    userId: row.user_id,
    side: row.side === 1 ? 1 : 2,
    kind: row.kind,
    price: row.price === null ? null : new Money(String(row.price)),
    amount: new Money(String(row.amount)),
    filled: new Money(String(row.filled)),
    quoteFilled: new Money(String(row.quote_filled)),
    locked: new Money(String(row.locked)),
    fee: new Money(String(row.fee)),
    state: row.state,
    timeInForce: row.time_in_force === 'IOC' || row.time_in_force === 'FOK' ? row.time_in_force : 'GTC',
    postOnly: row.post_only,
  };
}
