/**
 * @exchange/engine: the pure spot matching engine of one market. Commands in, events out; prices in integer
 * ticks, quantities in integer lots. Rules worth knowing beyond the types:
 * - Validation first, then, in this order: duplicate id (an id resting in the book; an id that has left the
 *   book is free again), post-only, FOK. A rejected command emits only its 'rejected' event.
 * - A GTC limit order that would push its level's total past Number.MAX_SAFE_INTEGER is rejected 'invalid'.
 * - Market orders never rest: GTC and IOC both act as IOC; FOK stays all-or-nothing (budget included).
 * - The budget of a market buy is checked before self-trade prevention: a level the taker cannot afford a
 *   single lot of stops it, without cancelling its own orders there.
 * - Depth events list the levels in the order the command first changed them: the opposite side best first,
 *   then the level the taker rested on.
 * - restore() throws on data no correct run could have written (invalid, duplicate, crossing the book).
 */
export { OrderBook } from './order-book';
export type {
  AcceptedEvent,
  BookDepth,
  CancelCommand,
  Command,
  DepthEvent,
  DoneEvent,
  DoneReason,
  EngineEvent,
  OpenOrder,
  OrderBookOptions,
  PlaceCommand,
  RejectedEvent,
  RejectReason,
  RestedEvent,
  SelfTradePrevention,
  Side,
  TimeInForce,
  TradeEvent,
} from './types';
