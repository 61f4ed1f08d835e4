import type { Sql } from '@exchange/kernel/db';
import { toAmountString } from '@exchange/kernel/ledger';
import { formatDateTime } from '../../http/format';
import { pageOfUserRows } from '../../http/pagination';

/** The exchange history treats more than 9 rows as another page (document 3 section 9). */
export const HISTORY_PAGE_SIZE = 10;

/** One page of a user's points exchanges (with where each stands), newest first, and how many in all. */
export async function exchangeHistory(sql: Sql, userId: number, page: number, perPage: number) {
  const { total, rows } = await pageOfUserRows<{
    id: string;
    integral: string;
    fee: string;
    fee_ratio: string;
    integral_price: string;
    market_price: string;
    fact_market_price: string;
    exchange_num: string;
    currency_name: string;
    status: number;
    created_at: Date;
  }>(sql, {
    rowsSql: `SELECT e.id::text, e.integral::text, e.fee::text, e.fee_ratio::text, e.integral_price::text,
       e.market_price::text, e.fact_market_price::text, e.exchange_num::text, c.name AS currency_name, e.status,
       e.created_at
     FROM jc_exchanges e JOIN currencies c ON c.id = e.currency_id
     WHERE e.user_id = $1 ORDER BY e.id DESC LIMIT $2 OFFSET $3`,
    table: 'jc_exchanges',
    userId,
    page,
    perPage,
  });
  return {
    total,
    rows: rows.map((row) => ({
      id: Number(row.id),
      created_at: formatDateTime(row.created_at),
      integral: toAmountString(row.integral),
      fee: toAmountString(row.fee),
      fee_ratio: toAmountString(row.fee_ratio),
      integral_price: toAmountString(row.integral_price),
      market_price: toAmountString(row.market_price),
      fact_market_price: toAmountString(row.fact_market_price),
      exchange_num: toAmountString(row.exchange_num),
      currency_name: row.currency_name,
      status: row.status,
    })),
  };
}
