import Decimal from 'decimal.js';
import type { Quotation, QuotationGroup } from '../../api/markets';
import { decimalOrNull } from '../../lib/decimal-input';

/**
 * The lever screens' arithmetic and checks (document 3, sections 5 and 9; contract notes section 5), in
 * decimal.js only. The server decides every figure that moves money; these are the checks before sending
 * and the estimates shown beside the inputs.
 */

/** 1 long (buy), 2 short (sell). */
export type LeverSide = 1 | 2;
/** 1 market, 0 limit (an entrust that opens when the mark reaches its price). */
export type LeverMode = 0 | 1;
/** Lever order states: 0 pending, 1 in trade, 2 closing, 3 closed, 4 cancelled. */
export const LEVER_STATUSES = [0, 1, 2, 3, 4] as const;
export type LeverStatus = (typeof LEVER_STATUSES)[number];
/** Batch close: 0 all, 1 longs only, 2 shorts only. */
export const BATCH_TYPES = [0, 1, 2] as const;
export type BatchType = (typeof BATCH_TYPES)[number];

/** Section 9: prices to 4 decimals, amounts to 2; the stop buttons step by 0.01. */
export const LEVER_PRICE_DECIMALS = 4;
export const LEVER_AMOUNT_DECIMALS = 2;
export const STOP_STEP = new Decimal('0.01');

/** Pairs the lever centre lists: displayed and open for lever trading (section 2), by quote currency. */
export function leverGroups(groups: QuotationGroup[] | undefined): QuotationGroup[] {
  return (groups ?? [])
    .map((group) => ({
      ...group,
      quotation: group.quotation.filter((pair) => pair.is_display === 1 && pair.open_lever === 1),
    }))
    .filter((group) => group.quotation.length > 0);
}

function toId(value: string | null | undefined): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

export interface LeverPairChoice {
  pair: Quotation | undefined;
  /** The link named a pair that is not (or no longer) open for lever trading. */
  delisted: boolean;
}

/**
 * The pair the centre shows: the link's `legalId`/`currencyId`, else the stored choice, else the first lever
 * pair. A link to a pair that is not a lever pair shows the first one and says it was delisted (section 5).
 */
export function chooseLeverPair(
  groups: QuotationGroup[],
  fromQuery: { legal: string | null; currency: string | null },
  fromStorage: { legal: string | null; currency: string | null },
): LeverPairChoice {
  const find = (ref: { legal: string | null; currency: string | null }) => {
    const legal = toId(ref.legal);
    const currency = toId(ref.currency);
    if (legal === null || currency === null) return undefined;
    for (const group of groups) {
      const pair = group.quotation.find((item) => item.legal_id === legal && item.currency_id === currency);
      if (pair) return pair;
    }
    return undefined;
  };
  const asked = fromQuery.legal !== null || fromQuery.currency !== null;
  const linked = find(fromQuery);
  const first = groups.find((group) => group.quotation.length > 0)?.quotation[0];
  if (linked) return { pair: linked, delisted: false };
  return { pair: find(fromStorage) ?? first, delisted: asked };
}

export type ShareProblem =
  | { key: 'chooseMultiple' }
  | { key: 'enterPrice' }
  | { key: 'enterInteger' }
  | { key: 'noLessThan'; min: string }
  | { key: 'noMoreThan'; max: string };

/**
 * Section 5's checks of the order form, in order: a multiple chosen, a price in limit mode, hands a positive
 * integer within the server's minimum and maximum (a maximum of 0 means no maximum).
 */
export function validateLeverOrder(input: {
  multiple: string;
  mode: LeverMode;
  price: string;
  share: string;
  min: string | number | null | undefined;
  max: string | number | null | undefined;
}): ShareProblem | null {
  if (!input.multiple) return { key: 'chooseMultiple' };
  if (input.mode === 0) {
    const price = decimalOrNull(input.price);
    if (!price || price.lessThanOrEqualTo(0)) return { key: 'enterPrice' };
  }
  if (!/^\d+$/.test(input.share.trim()) || new Decimal(input.share.trim()).lessThanOrEqualTo(0))
    return { key: 'enterInteger' };
  const share = new Decimal(input.share.trim());
  const min = decimalOrNull(input.min === null || input.min === undefined ? null : String(input.min));
  const max = decimalOrNull(input.max === null || input.max === undefined ? null : String(input.max));
  if (min && share.lessThan(min)) return { key: 'noLessThan', min: min.toFixed() };
  if (max && max.greaterThan(0) && share.greaterThan(max)) return { key: 'noMoreThan', max: max.toFixed() };
  return null;
}

/** Hands typed into the field: digits only (section 5, "please enter an integer"). */
export function sanitizeShare(raw: string): string {
  return raw.replace(/\D/g, '').replace(/^0+(?=\d)/, '');
}

export interface LeverEstimate {
  /** Price x hands x lot size. */
  value: Decimal;
  /** Value / multiple. */
  margin: Decimal;
  /** Value x fee percent / 100, when the fee is known. */
  fee: Decimal | null;
}

/**
 * Section 9: contract value = price x hands x lot size; margin = value / multiple; fee = value x the pair's
 * fee percent. The price of a market order is the mark plus the spread for a long, minus for a short.
 * Null while an input is missing.
 */
export function estimateOrder(input: {
  side: LeverSide;
  price: string | null | undefined;
  share: string;
  lotSize: string | null | undefined;
  multiple: string;
  feePercent?: string | null;
  spreadPercent?: string | null;
}): LeverEstimate | null {
  const price = decimalOrNull(input.price);
  const share = decimalOrNull(input.share);
  const lot = decimalOrNull(input.lotSize);
  const multiple = decimalOrNull(input.multiple);
  if (!price || !share || !lot || !multiple || price.lte(0) || share.lte(0) || lot.lte(0) || multiple.lte(0))
    return null;
  const spread = decimalOrNull(input.spreadPercent ?? null);
  const spreadPrice = spread ? price.times(spread).dividedBy(100) : new Decimal(0);
  const dealPrice = input.side === 1 ? price.plus(spreadPrice) : price.minus(spreadPrice);
  const value = dealPrice.times(share).times(lot);
  const feePercent = decimalOrNull(input.feePercent ?? null);
  return {
    value,
    margin: value.dividedBy(multiple),
    fee: feePercent ? value.times(feePercent).dividedBy(100) : null,
  };
}

/** A position's size in coins: the server's `number`, else hands x lot size. */
export function positionSize(
  order: { number?: string | null; share: string | number },
  lotSize: string | null | undefined,
): Decimal | null {
  const number = decimalOrNull(order.number ?? null);
  if (number && number.greaterThan(0)) return number;
  const share = decimalOrNull(String(order.share));
  const lot = decimalOrNull(lotSize);
  return share && lot ? share.times(lot) : null;
}

/**
 * The expected profit at the take-profit price and the expected loss at the stop-loss price, both shown as
 * amounts never below 0 (section 5). Long: (TP - open) x size and (open - SL) x size; a short mirrors it.
 */
export function stopExpectations(input: {
  side: LeverSide;
  openPrice: string;
  size: Decimal | null;
  takeProfit: string;
  stopLoss: string;
}): { profit: Decimal | null; loss: Decimal | null } {
  const open = decimalOrNull(input.openPrice);
  const tp = decimalOrNull(input.takeProfit);
  const sl = decimalOrNull(input.stopLoss);
  if (!open || !input.size) return { profit: null, loss: null };
  const size = input.size;
  const floor = (value: Decimal) => Decimal.max(0, value);
  const long = input.side === 1;
  return {
    profit: tp && tp.greaterThan(0) ? floor((long ? tp.minus(open) : open.minus(tp)).times(size)) : null,
    loss: sl && sl.greaterThan(0) ? floor((long ? open.minus(sl) : sl.minus(open)).times(size)) : null,
  };
}

/**
 * One press of a stop field's + or - button: 0.01 up or down. Going below 0 is refused (section 5:
 * "the value must be greater than 0"), which the caller shows.
 */
export function stepStop(value: string, direction: 1 | -1): { value: string; belowZero: boolean } {
  const current = decimalOrNull(value) ?? new Decimal(0);
  const next = current.plus(STOP_STEP.times(direction));
  if (next.lessThanOrEqualTo(0)) return { value, belowZero: true };
  return { value: next.toFixed(Math.max(2, current.decimalPlaces())), belowZero: false };
}

/** The stop prices the server would accept (contract notes section 5): both positive, on the right sides. */
export type StopProblem = 'greaterThanZero' | 'takeProfitSide' | 'stopLossSide';

export function validateStops(input: {
  side: LeverSide;
  openPrice: string;
  markPrice: string;
  takeProfit: string;
  stopLoss: string;
}): StopProblem | null {
  const tp = decimalOrNull(input.takeProfit);
  const sl = decimalOrNull(input.stopLoss);
  if (!tp || !sl || tp.lessThanOrEqualTo(0) || sl.lessThanOrEqualTo(0)) return 'greaterThanZero';
  const open = decimalOrNull(input.openPrice);
  const mark = decimalOrNull(input.markPrice) ?? open;
  if (!open || !mark) return null;
  const high = Decimal.max(open, mark);
  const low = Decimal.min(open, mark);
  if (input.side === 1) {
    if (tp.lessThanOrEqualTo(high)) return 'takeProfitSide';
    if (sl.greaterThanOrEqualTo(low)) return 'stopLossSide';
  } else {
    if (tp.greaterThanOrEqualTo(low)) return 'takeProfitSide';
    if (sl.lessThanOrEqualTo(high)) return 'stopLossSide';
  }
  return null;
}

/** Risk-rate tone: at or below twice the liquidation line is danger, below 150 % a warning. */
export function hazardTone(rate: string | null | undefined): 'safe' | 'warn' | 'danger' | 'none' {
  const value = decimalOrNull(rate ?? null);
  if (!value || value.isZero()) return 'none';
  if (value.lessThan(50)) return 'danger';
  if (value.lessThan(150)) return 'warn';
  return 'safe';
}

/** Lists in pushes arrive as JSON strings (contract notes section 5) or arrays; anything else is none. */
export function parseTradeList<T>(value: unknown): T[] | null {
  if (Array.isArray(value)) return value as T[];
  if (typeof value !== 'string' || value.trim() === '') return null;
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? (parsed as T[]) : null;
  } catch {
    return null;
  }
}
