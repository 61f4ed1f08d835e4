import type { LeverOrder } from '@exchange/contracts';
import type { Sql } from '@exchange/kernel/db';
import { Money, toAmountString, type Money as MoneyValue } from '@exchange/kernel/ledger';
import { formatDateTime } from '../../http/format';
import type { Locale } from '@exchange/kernel/i18n';
import { LEVER_STATUS, profitAt } from './risk';

/** A lever_transactions row as `pg` returns it: NUMERIC and BIGINT as exact text. */
export interface PositionRow {
  id: string;
  user_id: number;
  match_id: number;
  legal_id: number;
  currency_id: number;
  /** 1 long, 2 short (a check constraint holds it). */
  type: 1 | 2;
  status: number;
  share: number;
  number: string;
  multiple: number;
  origin_price: string;
  price: string;
  update_price: string;
  target_profit_price: string;
  stop_loss_price: string;
  origin_caution_money: string;
  caution_money: string;
  trade_fee: string;
  overnight: string;
  overnight_money: string;
  fact_profits: string;
  close_price: string | null;
  close_reason: string;
  shortfall: string;
  created_at: Date;
  transaction_time: Date | null;
  handle_time: Date | null;
  complete_time: Date | null;
}

/** Where each close came from (close_reason). */
export const CLOSE_REASON = {
  user: 'user',
  batch: 'batch',
  profit: 'stop_profit',
  loss: 'stop_loss',
  burst: 'burst',
  overnight: 'overnight',
} as const;
export type CloseReason = (typeof CLOSE_REASON)[keyof typeof CLOSE_REASON];

/** Positions that still hold margin: pending, in trade, closing. */
export const LIVE_STATUSES = [LEVER_STATUS.pending, LEVER_STATUS.trading, LEVER_STATUS.closing];

const STATUS_NAMES: Record<number, Record<'zh' | 'en', string>> = {
  0: { zh: '挂单中', en: 'Pending' },
  1: { zh: '交易中', en: 'In trade' },
  2: { zh: '平仓中', en: 'Closing' },
  3: { zh: '已平仓', en: 'Closed' },
  4: { zh: '已撤单', en: 'Cancelled' },
};
const TYPE_NAMES: Record<number, Record<'zh' | 'en', string>> = {
  1: { zh: '买入', en: 'Buy' },
  2: { zh: '卖出', en: 'Sell' },
};
const nameIn = (names: Record<'zh' | 'en', string> | undefined, locale: Locale) =>
  names ? (locale === 'zh' || locale === 'hk' ? names.zh : names.en) : '';

/** A position's profit now: at the mark while it is open, as settled once closed, 0 otherwise. */
export function currentProfit(row: PositionRow, mark: MoneyValue | undefined): MoneyValue {
  if (row.status === LEVER_STATUS.closed) return new Money(row.fact_profits);
  if (row.status !== LEVER_STATUS.trading && row.status !== LEVER_STATUS.closing) return new Money(0);
  const at = row.status === LEVER_STATUS.closing && row.close_price ? new Money(row.close_price) : mark;
  if (!at) return new Money(0);
  return profitAt({ type: row.type, price: new Money(row.price), number: new Money(row.number) }, at);
}

/** The contract's LeverTransaction, with its appended fields, for lists and pushes. */
export function positionView(
  row: PositionRow,
  names: { currency: string; legal: string },
  mark: MoneyValue | undefined,
  locale: Locale,
): LeverOrder {
  const money = (value: string | MoneyValue) => toAmountString(value);
  const profit = currentProfit(row, mark);
  const live = row.status === LEVER_STATUS.pending || row.status === LEVER_STATUS.trading;
  return {
    id: Number(row.id),
    show_lever_id: Number(row.id) + 10000,
    user_id: row.user_id,
    type: row.type,
    type_name: nameIn(TYPE_NAMES[row.type], locale),
    status: row.status,
    status_name: nameIn(STATUS_NAMES[row.status], locale),
    symbol: `${names.currency}/${names.legal}`,
    legal: row.legal_id,
    currency: row.currency_id,
    legal_name: names.legal,
    currency_name: names.currency,
    share: row.share,
    number: money(row.number),
    multiple: row.multiple,
    origin_price: money(row.origin_price),
    price: money(row.price),
    update_price: money(live && mark ? mark : (row.close_price ?? row.update_price)),
    close_price: row.close_price === null ? '' : money(row.close_price),
    close_reason: row.close_reason,
    target_profit_price: money(row.target_profit_price),
    stop_loss_price: money(row.stop_loss_price),
    origin_caution_money: money(row.origin_caution_money),
    caution_money: money(row.caution_money),
    trade_fee: money(row.trade_fee),
    overnight: money(row.overnight),
    overnight_money: money(row.overnight_money),
    profits: money(profit.toDecimalPlaces(8, Money.ROUND_DOWN)),
    fact_profits: money(row.fact_profits),
    shortfall: money(row.shortfall),
    time: formatDateTime(row.created_at),
    create_time: formatDateTime(row.created_at),
    transaction_time: row.transaction_time ? formatDateTime(row.transaction_time) : '',
    handle_time: row.handle_time ? formatDateTime(row.handle_time) : '',
    complete_time: row.complete_time ? formatDateTime(row.complete_time) : '',
  };
}

/** A user's positions in the given statuses (owner first: nobody else's rows are ever read). */
export async function userPositions(
  sql: Sql,
  userId: number,
  statuses: readonly number[],
  filter: { legalId?: number | undefined; matchId?: number | undefined } = {},
): Promise<PositionRow[]> {
  return sql.query<PositionRow>(
    `SELECT * FROM lever_transactions WHERE user_id = $1 AND status = ANY($2::int[])
       AND ($3::int IS NULL OR legal_id = $3) AND ($4::int IS NULL OR match_id = $4)
     ORDER BY id DESC`,
    [userId, statuses, filter.legalId ?? null, filter.matchId ?? null],
  );
}
