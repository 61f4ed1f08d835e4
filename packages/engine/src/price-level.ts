import type { Side } from './types';

/**
 * One order resting in the book. It is also its own node in its level's FIFO (an intrusive doubly linked
 * list), so appending, taking the head and cancelling from the middle are all O(1) without a queue to shift.
 */
export class RestingOrder {
  prev: RestingOrder | undefined = undefined;
  next: RestingOrder | undefined = undefined;
  readonly orderId: number;
  readonly ownerId: number;
  readonly level: PriceLevel;
  remainingLots: number;

  constructor(orderId: number, ownerId: number, level: PriceLevel, remainingLots: number) {
    this.orderId = orderId;
    this.ownerId = ownerId;
    this.level = level;
    this.remainingLots = remainingLots;
  }
}

/** All orders of one side at one price, oldest first; the head is the next maker to trade. */
export class PriceLevel {
  readonly side: Side;
  readonly priceTicks: number;
  head: RestingOrder | undefined = undefined;
  tail: RestingOrder | undefined = undefined;
  totalLots = 0;
  orderCount = 0;
  /** The number of the last command that changed this level, so each change yields one depth event. */
  changedByCommand = 0;

  constructor(side: Side, priceTicks: number) {
    this.side = side;
    this.priceTicks = priceTicks;
  }

  append(order: RestingOrder): void {
    order.prev = this.tail;
    order.next = undefined;
    if (this.tail === undefined) this.head = order;
    else this.tail.next = order;
    this.tail = order;
    this.totalLots += order.remainingLots;
    this.orderCount += 1;
  }

  /** Unlinks the order and takes what it still had off the level's total. */
  remove(order: RestingOrder): void {
    if (order.prev === undefined) this.head = order.next;
    else order.prev.next = order.next;
    if (order.next === undefined) this.tail = order.prev;
    else order.next.prev = order.prev;
    order.prev = undefined;
    order.next = undefined;
    this.totalLots -= order.remainingLots;
    this.orderCount -= 1;
  }

  isEmpty(): boolean {
    return this.head === undefined;
  }
}
