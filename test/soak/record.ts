import { Money, type Money as MoneyValue } from '@exchange/kernel/ledger';

const add = (map: Map<string, MoneyValue>, key: string, amount: MoneyValue | string) =>
  map.set(key, (map.get(key) ?? new Money(0)).plus(amount));

/**
 * Every action the exchange acknowledged during the soak (an `ok` answer, or an operator function that
 * returned), kept by the soak itself so the database can be checked against it at the end.
 */
export class Acknowledged {
  /** Deposits booked for the soak's users, by deposit id (the same txid twice is one deposit). */
  readonly deposits = new Map<number, { userId: number; currencyId: number; amount: string }>();
  /** The exchange's capital moved into house pools, by currency id: a deposit to the treasury. */
  readonly houseFunding = new Map<string, MoneyValue>();
  /** Transfers between a user's accounts, by `user:currency:from>to`. */
  readonly transfers = new Map<string, { count: number; amount: MoneyValue }>();
  /** Spot orders by id, with their owner; the ids whose cancel was answered "cancelled". */
  readonly spotOrders = new Map<string, number>();
  readonly spotCancelled = new Set<string>();
  /** Withdrawals requested, per user; then completed (with what left the exchange) or rejected, by id. */
  readonly withdrawalsRequested = new Map<number, number>();
  readonly withdrawalsCompleted = new Map<number, { currencyId: number; realNumber: string }>();
  readonly withdrawalsRejected = new Set<number>();
  /** Lever positions opened, per user; positions whose close (or batch close) was acknowledged. */
  readonly leverOpened = new Map<number, number>();
  readonly leverClosed = new Set<string>();
  /** Seconds orders by id, with their owner. */
  readonly microOrders = new Map<string, number>();
  /** P2P (c2c and shop) ads and orders by id with their owner/taker; orders by what was acknowledged. */
  readonly p2pAds = new Map<number, number>();
  readonly p2pOrders = new Map<number, number>();
  readonly p2pPaid = new Set<number>();
  readonly p2pConfirmed = new Set<number>();
  readonly p2pCancelled = new Set<number>();
  readonly p2pWithdrawnAds = new Set<number>();
  /** Insurance positions bought, with their owner; positions claimed or exchanged. */
  readonly insurancePositions = new Map<number, number>();
  readonly insuranceActed = new Set<number>();
  /** Acceptor deals opened, per user; deals by what the acceptor or the user had acknowledged. */
  readonly acceptorDealsOpened = new Map<number, number>();
  readonly acceptorConfirmed = new Set<number>();
  readonly acceptorRejected = new Set<number>();
  readonly acceptorTransferred = new Set<number>();

  transfer(userId: number, currencyId: number, from: string, to: string, amount: string): void {
    const key = `${userId}:${currencyId}:${from}>${to}`;
    const known = this.transfers.get(key) ?? { count: 0, amount: new Money(0) };
    this.transfers.set(key, { count: known.count + 1, amount: known.amount.plus(amount) });
  }

  fundedHouse(currencyId: number, amount: string): void {
    add(this.houseFunding, String(currencyId), amount);
  }

  increment(map: Map<number, number>, userId: number): void {
    map.set(userId, (map.get(userId) ?? 0) + 1);
  }

  /** What came into the exchange through the soak, minus what left it, by currency id. */
  netInflow(): Map<string, MoneyValue> {
    const totals = new Map(this.houseFunding);
    for (const deposit of this.deposits.values()) add(totals, String(deposit.currencyId), deposit.amount);
    for (const withdrawal of this.withdrawalsCompleted.values())
      add(totals, String(withdrawal.currencyId), new Money(withdrawal.realNumber).neg());
    return totals;
  }
}
