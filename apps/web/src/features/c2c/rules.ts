import Decimal from 'decimal.js';
import type { P2pOrderAction } from '@exchange/contracts/constants';
import { toDecimal } from '../../lib/format';

/**
 * The rules of the P2P (c2c) screens, pure so they are tested on their own (document 2, sections 2, 4, 5
 * and 9; contract notes section 8).
 */

/** An ad's side, from its owner's point of view: a `sell` ad sells crypto for fiat. */
export type AdType = 'buy' | 'sell';
export const AD_TYPES: readonly AdType[] = ['buy', 'sell'];

/** Lists come in pages of 10; the more button shows while a page comes back full (section 9). */
export const PAGE_SIZE = 10;
export const hasMorePages = (lastPageRows: number) => lastPageRows >= PAGE_SIZE;

/** Prices in P2P show 2 decimals, 3 in the seller record; quantities 8 like balances (section 9). */
export const PRICE_DECIMALS = 2;
export const RECORD_PRICE_DECIMALS = 3;
export const AMOUNT_DECIMALS = 8;

export function isAdType(value: unknown): value is AdType {
  return value === 'buy' || value === 'sell';
}

/**
 * The market's tabs are what the visitor wants to do; the list shows the ads of the other side: the Buy tab
 * lists sell ads and the Sell tab lists buy ads (the original client sent `type=sell` for its Buy tab).
 */
export const adTypeForTab = (tab: AdType): AdType => (tab === 'buy' ? 'sell' : 'buy');

/* ---------- Orders ---------- */

/** An order's `is_sure`: 0 waiting for payment, 1 finished, 2 cancelled, 3 paid (awaiting the seller). */
export const IS_SURE = { unpaid: 0, done: 1, cancelled: 2, paid: 3 } as const;
export type IsSure = (typeof IS_SURE)[keyof typeof IS_SURE];
export type OrderState = keyof typeof IS_SURE;

export function orderState(isSure: number): OrderState {
  switch (isSure) {
    case IS_SURE.done:
      return 'done';
    case IS_SURE.cancelled:
      return 'cancelled';
    case IS_SURE.paid:
      return 'paid';
    default:
      return 'unpaid';
  }
}

/**
 * Who looks at an order: `taker` in "my orders" (the user took someone's ad), `owner` in an ad's orders
 * (the user published the ad). An order's `type` is its ad's type in both.
 */
export type OrderView = 'taker' | 'owner';

/**
 * An action on an order and its call: the fiat payer cancels or marks paid; the crypto seller confirms the
 * fiat arrived — through `legal_deal_sure` when the seller owns the ad (a sell ad), `legal_deal_user_sure`
 * when the seller took a buy ad.
 */
export type OrderAction = P2pOrderAction;

/**
 * The two markets on one state machine: `c2c`, users' ads (document 2), and `shop`, approved sellers' ads
 * with min/max per order and partial fills (the merchant OTC of contract notes section 8, `/myLegalShops`).
 */
export type Kind = 'c2c' | 'shop';

export const isKind = (value: unknown): value is Kind => value === 'c2c' || value === 'shop';

/**
 * Exactly the buttons of document 2, section 4. My orders: cancel and paid for an unpaid order of a sell
 * ad; confirm receipt for a paid order of a buy ad. An ad's orders: the seller confirms receipt of a paid
 * order of a sell ad; cancel or mark paid for an unpaid order of a buy ad.
 */
export function orderActions(view: OrderView, order: { type: string; is_sure: number }): OrderAction[] {
  const state = orderState(order.is_sure);
  if (view === 'taker') {
    if (state === 'unpaid' && order.type === 'sell') return ['cancel', 'pay'];
    if (state === 'paid' && order.type === 'buy') return ['confirmTaker'];
    return [];
  }
  if (state === 'paid' && order.type === 'sell') return ['confirmOwner'];
  if (state === 'unpaid' && order.type === 'buy') return ['cancel', 'pay'];
  return [];
}

/** Who may cancel an order: the fiat payer, the payment deadline, an operator refunding an appeal. */
export const CANCELLERS = ['payer', 'deadline', 'operator'] as const;
export type Canceller = (typeof CANCELLERS)[number];
export const isCanceller = (value: unknown): value is Canceller =>
  (CANCELLERS as readonly unknown[]).includes(value);

/** How an appeal ended: an operator released or refunded the coins, or the seller confirmed meanwhile. */
export type AppealState = 'open' | 'release' | 'refund' | 'confirm';

/** Where an order's appeal stands; null when it was never appealed (or the answer names no ending). */
export function appealState(order: {
  appeal_state?: number;
  resolution?: string | null;
}): AppealState | null {
  if (order.appeal_state === 1) return 'open';
  if (order.appeal_state !== 2) return null;
  const { resolution } = order;
  return resolution === 'release' || resolution === 'refund' || resolution === 'confirm' ? resolution : null;
}

/** Does the viewer pay the fiat (and so needs the other party's receiving account)? */
export function viewerPaysFiat(view: OrderView, type: string): boolean {
  return view === 'taker' ? type === 'sell' : type === 'buy';
}

/** The side the viewer trades on: taking a sell ad buys crypto, owning a sell ad sells it. */
export function viewerSide(view: OrderView, type: string): AdType {
  return viewerPaysFiat(view, type) ? 'buy' : 'sell';
}

/* ---------- Before the first order ---------- */

/**
 * What taking an ad needs of a user, in the order a newcomer is guided through it: a trade password (it
 * confirms the order), a receiving account (the server's 997), identity (998).
 */
export const READINESS_STEPS = ['tradePassword', 'receivingAccount', 'identity'] as const;
export type ReadinessStep = (typeof READINESS_STEPS)[number];
/** done; to do; or waiting for someone else (identity under an operator's review). */
export type StepState = 'done' | 'todo' | 'review';

/** Where each step is done. */
export const STEP_ROUTES: Record<ReadinessStep, string> = {
  tradePassword: '/bindmpwd',
  receivingAccount: '/userSetting?tab=bank',
  identity: '/authentication',
};

export function readiness(user: {
  hasTradePassword: boolean;
  hasReceivingAccount: boolean;
  /** 0 not submitted, 1 under review, 2 certified. */
  reviewStatus: number;
}): Record<ReadinessStep, StepState> {
  return {
    tradePassword: user.hasTradePassword ? 'done' : 'todo',
    receivingAccount: user.hasReceivingAccount ? 'done' : 'todo',
    identity: user.reviewStatus === 2 ? 'done' : user.reviewStatus === 1 ? 'review' : 'todo',
  };
}

/** The step the guide sends the user to next; null when only a review is left or nothing is. */
export function nextStep(states: Record<ReadinessStep, StepState>): ReadinessStep | null {
  return READINESS_STEPS.find((step) => states[step] === 'todo') ?? null;
}

export const isReady = (states: Record<ReadinessStep, StepState>) =>
  READINESS_STEPS.every((step) => states[step] === 'done');

/* ---------- Publishing an ad ---------- */

export interface PublishForm {
  total_number: string;
  price: string;
  way: string;
  coin_code: string;
  /** Shop ads only: the smallest and largest quantity one order may take. */
  min_number?: string;
  max_number?: string;
}

export type PublishProblem =
  'quantity' | 'quantityInvalid' | 'price' | 'priceInvalid' | 'way' | 'coinCode' | 'limits' | 'balance';

/** The largest number of decimals the server takes for an amount (NUMERIC(36,18) holds 18). */
const MAX_DECIMALS = 8;
const MAX_PRICE_DECIMALS = 2;

function positiveWithin(value: string, decimals: number): boolean {
  if (!/^\d+(\.\d+)?$/.test(value.trim())) return false;
  const decimal = toDecimal(value.trim());
  if (!decimal || !decimal.greaterThan(0)) return false;
  return decimal.decimalPlaces() <= decimals && decimal.lessThan('1e18');
}

/**
 * The first problem of a publish form, in the order the spec prompts (quantity, price, payment method,
 * fiat code; section 5), or null. A sell ad also needs the quantity in the legal balance.
 */
export function publishProblem(
  form: PublishForm,
  type: AdType,
  legalBalance?: string,
): PublishProblem | null {
  if (!form.total_number.trim()) return 'quantity';
  if (!positiveWithin(form.total_number, MAX_DECIMALS)) return 'quantityInvalid';
  if (!form.price.trim()) return 'price';
  if (!positiveWithin(form.price, MAX_PRICE_DECIMALS)) return 'priceInvalid';
  if (!form.way) return 'way';
  if (!form.coin_code) return 'coinCode';
  if (form.min_number !== undefined || form.max_number !== undefined) {
    const min = form.min_number?.trim() ?? '';
    const max = form.max_number?.trim() ?? '';
    const total = form.total_number.trim();
    if (min && !positiveWithin(min, MAX_DECIMALS)) return 'limits';
    if (max && !positiveWithin(max, MAX_DECIMALS)) return 'limits';
    const low = toDecimal(min || '0');
    const high = toDecimal(max || total);
    if (!low || !high || low.greaterThan(high) || high.greaterThan(total)) return 'limits';
  }
  if (type === 'sell' && legalBalance !== undefined) {
    const balance = toDecimal(legalBalance);
    if (balance && balance.lessThan(form.total_number.trim())) return 'balance';
  }
  return null;
}

/** What an ad is worth in fiat: quantity × price, rounded to cents (display only). */
export function adTotal(quantity: string, price: string): string {
  const amount = toDecimal(quantity);
  const unit = toDecimal(price);
  if (!amount || !unit) return '0.00';
  return amount.times(unit).toDecimalPlaces(PRICE_DECIMALS, Decimal.ROUND_HALF_UP).toFixed(PRICE_DECIMALS);
}

/* ---------- Presentation ---------- */

/** The seven avatar colours of the market (section 2); one name always gets the same colour. */
export const AVATAR_COLOURS = [
  '#5d8cc2',
  '#6d78a8',
  '#a2b240',
  '#61b88e',
  '#e35744',
  '#a16c92',
  '#66756e',
] as const;

export function avatarColour(name: string): string {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return AVATAR_COLOURS[hash % AVATAR_COLOURS.length] ?? AVATAR_COLOURS[0];
}

/** The first character of a name (a whole code point, so a CJK or emoji initial stays intact). */
export function initialOf(name: string): string {
  const first = Array.from(name.trim())[0];
  return first ? first.toUpperCase() : '?';
}
