import type { Sql } from '@exchange/kernel/db';
import { translate, type Locale } from '@exchange/kernel/i18n';
import { toAmountString } from '@exchange/kernel/ledger';
import { formatDateTime } from '../../http/format';
import { ORDER_STATUS } from './options';
import type { MicroOrderRow } from './submit-order';
import type { MicroOrder } from '@exchange/contracts';

/** The pair and currency names the contract's order rows carry. */
export interface Names {
  symbols: Map<number, string>;
  currencies: Map<number, string>;
}

export async function loadNames(db: Sql): Promise<Names> {
  const [pairs, currencies] = await Promise.all([
    db.query<{ id: number; symbol: string }>(
      `SELECT m.id, b.name || '/' || q.name AS symbol FROM currency_matches m
       JOIN currencies b ON b.id = m.currency_id JOIN currencies q ON q.id = m.legal_id`,
    ),
    db.query<{ id: number; name: string }>('SELECT id, name FROM currencies'),
  ]);
  return {
    symbols: new Map(pairs.map((pair) => [pair.id, pair.symbol])),
    currencies: new Map(currencies.map((currency) => [currency.id, currency.name])),
  };
}

const RESULT_NAMES = { 1: 'micro_result_win', 0: 'micro_result_tie', [-1]: 'micro_result_loss' } as const;

/** A seconds order as the contract shows it (MicroOrder and its appended fields). */
export function orderView(order: MicroOrderRow, names: Names, locale: Locale, now = Date.now()): MicroOrder {
  const running = order.status === ORDER_STATUS.running;
  const result = order.profit_result as -1 | 0 | 1 | null;
  return {
    id: order.id,
    show_micro_id: Number(order.id) + 10_000,
    match_id: order.match_id,
    currency_id: order.currency_id,
    symbol_name: names.symbols.get(order.match_id) ?? '',
    currency_name: names.currencies.get(order.currency_id) ?? '',
    type: order.type,
    type_name: translate(locale, order.type === 1 ? 'micro_type_up' : 'micro_type_down'),
    is_insurance: order.insurance_id === null ? 0 : 1,
    seconds: order.seconds,
    number: toAmountString(order.number),
    fee: toAmountString(order.fee),
    profit_ratio: toAmountString(order.profit_ratio),
    open_price: toAmountString(order.open_price),
    end_price: order.end_price === null ? '' : toAmountString(order.end_price),
    status: order.status,
    status_name: translate(locale, running ? 'micro_status_running' : 'micro_status_finished'),
    profit_result: result ?? 0,
    profit_result_name:
      result === null
        ? ''
        : translate(locale, order.end_price === null ? 'micro_result_void' : RESULT_NAMES[result]),
    fact_profits: toAmountString(order.fact_profits),
    payout: toAmountString(order.payout),
    remain_milli_seconds: running ? Math.max(0, new Date(order.expires_at).getTime() - now) : 0,
    created_at: formatDateTime(new Date(order.accepted_at)),
    handled_at: formatDateTime(new Date(order.expires_at)),
    complete_at: order.settled_at ? formatDateTime(new Date(order.settled_at)) : '',
  };
}
