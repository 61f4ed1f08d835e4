import type { Sql } from '@exchange/kernel/db';
import { translate, type Locale } from '@exchange/kernel/i18n';
import { Money, toAmountString, type Money as MoneyValue } from '@exchange/kernel/ledger';
import { formatDateTime } from '../../http/format';
import { laravelPaginator, pageOfUserRows } from '../../http/pagination';
import { HOLDING_STATUS } from './holdings';

interface RecordRow {
  id: number;
  currency_name: string;
  amount: string;
  rate: string;
  day: number;
  total_interest: string;
  interest_paid: string;
  days_accrued: number;
  status: number;
  created_at: Date;
  end_at: Date;
  matured_at: Date | null;
}

/** POST /api/record/lists: a page of the caller's holdings, newest first; the owner is part of every query. */
export async function holdingRecords(
  sql: Sql,
  userId: number,
  page: number,
  perPage: number,
  locale: Locale,
) {
  const { total, rows } = await pageOfUserRows<RecordRow>(sql, {
    rowsSql: `SELECT h.id, c.name AS currency_name, h.amount::text AS amount, h.rate::text AS rate, h.day,
       h.total_interest::text AS total_interest, h.interest_paid::text AS interest_paid, h.days_accrued,
       h.status, h.created_at, h.end_at, h.matured_at
     FROM savings_holdings h JOIN currencies c ON c.id = h.currency_id
     WHERE h.user_id = $1 ORDER BY h.id DESC LIMIT $2 OFFSET $3`,
    table: 'savings_holdings',
    userId,
    page,
    perPage,
  });
  const records = rows.map((row) => ({
    id: row.id,
    currency_name: row.currency_name,
    balance: toAmountString(row.amount),
    profit_balance: toAmountString(row.interest_paid),
    total_interest: toAmountString(row.total_interest),
    rate: toAmountString(row.rate),
    day: row.day,
    days_accrued: row.days_accrued,
    created_at: formatDateTime(row.created_at),
    end_time: formatDateTime(row.end_at),
    matured_at: row.matured_at ? formatDateTime(row.matured_at) : '',
    status: row.status,
    status_name: translate(
      locale,
      row.status === HOLDING_STATUS.holding ? 'savings_status_holding' : 'savings_status_matured',
    ),
  }));
  return laravelPaginator(records, total, page, perPage, '/api/record/lists');
}

/** What the caller can deposit: the available spot balance of each currency that has an open plan. */
export async function depositBalances(sql: Sql, userId: number) {
  const rows = await sql.query<{ id: number; name: string; decimal_scale: number; balance: string | null }>(
    `SELECT c.id, c.name, c.decimal_scale, w.change_balance::text AS balance FROM currencies c
     LEFT JOIN wallets w ON w.currency_id = c.id AND w.user_id = $1
     WHERE c.id IN (SELECT currency_id FROM savings_plans WHERE status = 1) ORDER BY c.sort, c.id`,
    [userId],
  );
  return rows.map((row) => ({
    currency: row.id,
    currency_name: row.name,
    change_balance: toAmountString(row.balance ?? '0'),
    decimal_scale: row.decimal_scale,
  }));
}

/** What the caller holds in running savings, by currency id (the principal, locked in the spot account). */
export async function savingsPrincipals(sql: Sql, userId: number): Promise<Map<number, MoneyValue>> {
  const rows = await sql.query<{ currency_id: number; amount: string }>(
    `SELECT currency_id, SUM(amount)::text AS amount FROM savings_holdings
     WHERE user_id = $1 AND status = $2 GROUP BY currency_id`,
    [userId, HOLDING_STATUS.holding],
  );
  return new Map(rows.map((row) => [row.currency_id, new Money(row.amount)]));
}
