import type { LaravelPage, MicroOrder } from '@exchange/contracts';
import { poolSql } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import type { Locale } from '@exchange/kernel/i18n';
import type pg from 'pg';
import { laravelPaginator } from '../../http/pagination';
import { ORDER_STATUS } from './options';
import { loadNames, orderView } from './order-row';
import { ORDER_COLUMNS, type MicroOrderRow } from './submit-order';

/**
 * GET /api/microtrade/lists: a page of the user's orders, newest first, running or finished or both (status
 * blank), of one pair and paying currency when given ('' or -1 is any).
 */
export async function listOrders(
  pool: pg.Pool,
  userId: number,
  query: {
    page: number;
    limit: number;
    status: string;
    match_id: string;
    currency_id: string;
    locale: Locale;
  },
): Promise<LaravelPage<MicroOrder>> {
  const { page, limit } = query;
  const status = query.status === '' ? -1 : Number(query.status);
  if (status !== -1 && status !== ORDER_STATUS.running && status !== ORDER_STATUS.finished)
    throw new AppError('micro_status_invalid');
  const filters: string[] = ['user_id = $1'];
  const params: unknown[] = [userId];
  if (status !== -1) {
    params.push(status);
    filters.push(`status = $${params.length}`);
  }
  for (const [field, raw] of [
    ['match_id', query.match_id],
    ['currency_id', query.currency_id],
  ] as const) {
    if (raw === '' || raw === '-1') continue;
    if (!/^\d{1,9}$/.test(raw)) throw new AppError('micro_order_not_found');
    params.push(Number(raw));
    filters.push(`${field} = $${params.length}`);
  }
  const where = filters.join(' AND ');
  const db = poolSql(pool);
  const [counted, rows, names] = await Promise.all([
    db.query<{ n: number }>(`SELECT count(*)::int AS n FROM micro_orders WHERE ${where}`, params),
    db.query<MicroOrderRow>(
      `SELECT ${ORDER_COLUMNS} FROM micro_orders o WHERE ${where} ORDER BY o.id DESC LIMIT ${limit} OFFSET ${(page - 1) * limit}`,
      params,
    ),
    loadNames(db),
  ]);
  const now = Date.now();
  return laravelPaginator(
    rows.map((row) => orderView(row, names, query.locale, now)),
    counted[0]?.n ?? 0,
    page,
    limit,
    '/api/microtrade/lists',
  );
}
