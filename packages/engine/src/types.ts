/**
 * The engine's contract with the market service: commands in, events out. Prices are integer ticks and
 * quantities integer lots, both JavaScript safe integers, so no float ever holds a price or an amount.
 */

export type Side = 'buy' | 'sell';
export type TimeInForce = 'GTC' | 'IOC' | 'FOK';
export type SelfTradePrevention = 'cancel-taker' | 'cancel-maker' | 'cancel-both';

export interface PlaceCommand {
  type: 'place';
  /** Unique among the orders resting in the book; a positive safe integer. */
  orderId: number;
  /** The user placing the order, for self-trade prevention; a positive safe integer. */
  ownerId: number;
  side: Side;
  kind: 'limit' | 'market';
  /** Required for limit orders, > 0; ignored for market orders. */
  priceTicks?: number;
  /** > 0. */
  quantityLots: number;
  /**
   * Market buys only, optional: the most the order may spend, as the sum of priceTicks * lots of its fills.
   * At each level it takes at most floor(remainingBudget / levelPrice) lots.
   */
  maxQuoteTicksLots?: number;
  /** Market orders never rest: GTC and IOC both mean IOC for them (FOK keeps its all-or-nothing meaning). */
  timeInForce: TimeInForce;
  /** Limit orders only: reject the order if it would take liquidity. */
  postOnly: boolean;
  selfTrade: SelfTradePrevention;
}

export interface CancelCommand {
  type: 'cancel';
  orderId: number;
}

export type Command = PlaceCommand | CancelCommand;

export type RejectReason =
  'invalid' | 'duplicate-order-id' | 'post-only-would-take' | 'fok-unfillable' | 'unknown-order';
export type DoneReason = 'filled' | 'cancelled' | 'expired' | 'self-trade';

export interface AcceptedEvent {
  type: 'accepted';
  orderId: number;
}

export interface RejectedEvent {
  type: 'rejected';
  orderId: number;
  reason: RejectReason;
}

export interface TradeEvent {
  type: 'trade';
  sequence: number;
  takerOrderId: number;
  makerOrderId: number;
  takerOwnerId: number;
  makerOwnerId: number;
  takerSide: Side;
  /** Always the maker's price. */
  priceTicks: number;
  quantityLots: number;
  makerRemainingLots: number;
  takerRemainingLots: number;
}

export interface RestedEvent {
  type: 'rested';
  orderId: number;
  side: Side;
  priceTicks: number;
  remainingLots: number;
}

export interface DoneEvent {
  type: 'done';
  orderId: number;
  reason: DoneReason;
  remainingLots: number;
}

/** A level's total after the command (0: the level is gone); once per changed level, after the other events. */
export interface DepthEvent {
  type: 'depth';
  side: Side;
  priceTicks: number;
  totalLots: number;
}

export type EngineEvent = AcceptedEvent | RejectedEvent | TradeEvent | RestedEvent | DoneEvent | DepthEvent;

/** A resting order as the book reports it, and as the matcher persists and restores it. */
export interface OpenOrder {
  orderId: number;
  ownerId: number;
  side: Side;
  priceTicks: number;
  remainingLots: number;
}

export interface BookDepth {
  bids: [priceTicks: number, totalLots: number][];
  asks: [priceTicks: number, totalLots: number][];
}

export interface OrderBookOptions {
  /** The sequence number of the first trade this book produces (default 1), to continue a persisted series. */
  firstTradeSequence?: number;
}
