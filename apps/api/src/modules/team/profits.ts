import type { ProfitRecord } from '@exchange/contracts';
import type { Db } from '@exchange/kernel/db';
import { translate, type Locale } from '@exchange/kernel/i18n';
import { LOG_TYPES, toAmountString } from '@exchange/kernel/ledger';
import { formatDateTime } from '../../http/format';
import { laravelPaginator } from '../../http/pagination';

/** The account-log types the profit page lists: team rebates and savings interest. */
export const PROFIT_LOG_TYPES: number[] = [LOG_TYPES.TEAM_REBATE, LOG_TYPES.SAVINGS_INTEREST];

/** A profit row's text in the reader's language; a rebate's memo is its generation. */
function describe(locale: Locale, type: number, memo: string): string {
  if (type === LOG_TYPES.SAVINGS_INTEREST) return translate(locale, 'log_savings_interest');
  return /^\d+$/.test(memo)
    ? translate(locale, 'log_team_rebate_generation', { generation: memo })
    : translate(locale, 'log_team_rebate');
}

/** GET /api/profits/show_profits: the caller's own rebate and interest records, newest first, paged. */
export async function listProfits(prisma: Db, userId: number, locale: Locale, page: number, limit: number) {
  const where = { user_id: userId, type: { in: PROFIT_LOG_TYPES } };
  const [total, rows] = await Promise.all([
    prisma.accountLog.count({ where }),
    prisma.accountLog.findMany({
      where,
      include: { currency: { select: { name: true } } },
      orderBy: { id: 'desc' },
      skip: (page - 1) * limit,
      take: limit,
    }),
  ]);
  const records: ProfitRecord[] = rows.map((row) => ({
    id: Number(row.id),
    value: toAmountString(row.delta.toFixed()),
    info: describe(locale, row.type, row.memo),
    type: row.type,
    currency_name: row.currency.name,
    account: row.account,
    created_time: formatDateTime(row.created_at),
  }));
  return laravelPaginator(records, total, page, limit, '/api/profits/show_profits');
}
