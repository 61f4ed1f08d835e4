import { PAY_WAYS, type PayWay } from '@exchange/contracts/constants';
import type { MessageKey } from '@exchange/kernel/i18n';
import { LOG_TYPES, type LogType } from '@exchange/kernel/ledger';

/**
 * The P2P state machine, in one place: what an order's `is_sure` may become, from which states, and who may
 * make it so. Every use case applies a transition through `transition()` (orders.ts), one guarded UPDATE
 * (`WHERE is_sure IN (from)`), so a user's action racing a deadline or an operator ends with exactly one
 * applied.
 */
export const IS_SURE = { unpaid: 0, done: 1, cancelled: 2, paid: 3 } as const;
export type IsSure = (typeof IS_SURE)[keyof typeof IS_SURE];
export const UNFINISHED: IsSure[] = [IS_SURE.unpaid, IS_SURE.paid];

/** Who may apply a transition: the fiat payer, the party whose crypto is in escrow, the clock, an operator. */
export type Actor = 'payer' | 'escrow' | 'deadline' | 'operator';

export const ORDER_TRANSITIONS = {
  /** The fiat payer says the money is sent (0 -> 3). */
  pay: { from: [IS_SURE.unpaid], to: IS_SURE.paid, by: 'payer' },
  /** The fiat payer gives up before paying (0 -> 2): the crypto goes back on the ad. */
  cancel: { from: [IS_SURE.unpaid], to: IS_SURE.cancelled, by: 'payer' },
  /** Nobody paid in time (0 -> 2): as a cancel, by the deadline. */
  expire: { from: [IS_SURE.unpaid], to: IS_SURE.cancelled, by: 'deadline' },
  /** The crypto seller confirms the fiat arrived (3 -> 1): the escrow goes to the buyer. */
  confirm: { from: [IS_SURE.paid], to: IS_SURE.done, by: 'escrow' },
  /** An operator decides an appeal for the buyer (3 -> 1): the escrow goes to the buyer. */
  release: { from: [IS_SURE.paid], to: IS_SURE.done, by: 'operator' },
  /** An operator decides an appeal for the seller (3 -> 2): the escrow returns to the seller. */
  refund: { from: [IS_SURE.paid], to: IS_SURE.cancelled, by: 'operator' },
} as const satisfies Record<string, { from: IsSure[]; to: IsSure; by: Actor }>;
export type OrderAction = keyof typeof ORDER_TRANSITIONS;

/** Appeals live beside is_sure: a paid order may be appealed once; an operator then resolves it. */
export const APPEAL = { none: 0, open: 1, resolved: 2 } as const;
/** An appeal statement's length (the column's) and how many each party may send on one order. */
export const APPEAL_MESSAGE_MAX = 500;
export const APPEAL_MESSAGES_PER_PARTY = 20;

export const AD_TYPES = ['buy', 'sell'] as const;
export type AdType = (typeof AD_TYPES)[number];
export type Way = PayWay;
export const KINDS = ['c2c', 'shop'] as const;
export type Kind = (typeof KINDS)[number];

/** List pages of the P2P screens hold 10 rows (document 2 section 9). */
export const PAGE_SIZE = 10;
/** Prices are shown and accepted with 2 decimals; fiat amounts a buyer pays round up to the cent. */
export const PRICE_DECIMALS = 2;
export const FIAT_DECIMALS = 2;
/** Limits on everything: live ads per user and kind; unfinished shop orders per taker (notes section 8). */
export const MAX_LIVE_ADS = 20;
export const MAX_UNFINISHED_SHOP_ORDERS = 3;
export const MAX_UNFINISHED_C2C_ORDERS = 1;

export const WAY_NAMES: Record<Way, MessageKey> = {
  bank: 'p2p_way_bank',
  we_chat: 'p2p_way_we_chat',
  ali_pay: 'p2p_way_ali_pay',
};

export const isWay = (value: string): value is Way => (PAY_WAYS as readonly string[]).includes(value);
export const isAdType = (value: string): value is AdType => (AD_TYPES as readonly string[]).includes(value);

/** The account-log types of each kind's movements. */
export const LOGS: Record<
  Kind,
  { sellLock: LogType; takeLock: LogType; done: LogType; cancel: LogType; recall: LogType }
> = {
  c2c: {
    sellLock: LOG_TYPES.C2C_SELL_LOCK,
    takeLock: LOG_TYPES.C2C_TAKE_LOCK,
    done: LOG_TYPES.C2C_DONE,
    cancel: LOG_TYPES.C2C_CANCEL,
    recall: LOG_TYPES.C2C_RECALL,
  },
  shop: {
    sellLock: LOG_TYPES.SHOP_SELL_LOCK,
    takeLock: LOG_TYPES.SHOP_TAKE_LOCK,
    done: LOG_TYPES.SHOP_DONE,
    cancel: LOG_TYPES.SHOP_CANCEL,
    recall: LOG_TYPES.SHOP_RECALL,
  },
};

/** The settings naming how long an unpaid order of each kind lives, in minutes. */
export const PAY_WINDOW_SETTING = {
  c2c: 'userLegalDealCancel_time',
  shop: 'legalDealCancel_time',
} as const;

/** Escrow lives in the legal (fiat) account of the party who sells crypto. */
export const ESCROW_ACCOUNT = 'legal' as const;

/** What an order in a state says to someone trying to move it the wrong way. */
export function stateRefusal(isSure: number, wanted: OrderAction): MessageKey {
  if (isSure === IS_SURE.done) return 'p2p_order_finished';
  if (isSure === IS_SURE.cancelled) return 'p2p_order_cancelled';
  if (isSure === IS_SURE.paid) return 'p2p_already_paid';
  return wanted === 'confirm' || wanted === 'release' || wanted === 'refund'
    ? 'p2p_not_paid'
    : 'p2p_order_state';
}
