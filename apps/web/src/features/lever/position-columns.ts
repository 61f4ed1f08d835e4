import type { LeverStatus } from './lever-math';

export type PositionColumn =
  | 'pair'
  | 'side'
  | 'hands'
  | 'multiple'
  | 'openPrice'
  | 'entrustPrice'
  | 'markPrice'
  | 'closePrice'
  | 'closeReason'
  | 'margin'
  | 'fee'
  | 'overnight'
  | 'profit'
  | 'takeProfit'
  | 'stopLoss'
  | 'time'
  | 'closeTime'
  | 'status';

/** What the order is: its side, size and leverage, after whatever a list puts first. */
const order = (...rest: PositionColumn[]): PositionColumn[] => ['side', 'hands', 'multiple', ...rest];
/** The lists over every pair name the pair first. */
const pairOrder = (...rest: PositionColumn[]): PositionColumn[] => ['pair', ...order(...rest)];

/** The trading centre's own positions and pending orders (one pair: no pair column). */
export const CENTER_COLUMNS = order('openPrice', 'entrustPrice', 'markPrice', 'margin', 'profit', 'status');

/** Open positions (all positions, and the orders list's "open" tab). */
export const OPEN_COLUMNS = pairOrder('openPrice', 'markPrice', 'margin', 'fee', 'profit', 'time');

/** One pair's positions with their risk: overnight fees and the stops. */
export const RISK_COLUMNS = pairOrder(
  'openPrice',
  'markPrice',
  'margin',
  'overnight',
  'profit',
  'takeProfit',
  'stopLoss',
  'time',
);

/** The orders list's columns by the tab's state (pending, open, closing, closed, cancelled). */
export const STATUS_COLUMNS: Record<LeverStatus, PositionColumn[]> = {
  0: pairOrder('entrustPrice', 'markPrice', 'margin', 'fee', 'time'),
  1: OPEN_COLUMNS,
  2: pairOrder('openPrice', 'closePrice', 'margin', 'profit', 'closeReason', 'time'),
  3: pairOrder('openPrice', 'closePrice', 'closeReason', 'fee', 'overnight', 'profit', 'time', 'closeTime'),
  4: pairOrder('entrustPrice', 'margin', 'fee', 'time', 'closeTime'),
};
