import type { LeverMyTrade } from '@exchange/contracts';
import { prismaSql, type Db } from '@exchange/kernel/db';
import type { Locale } from '@exchange/kernel/i18n';
import { laravelPaginator } from '../../http/pagination';
import { marksFor, type PositionViews } from './position-views';
import { LIVE_STATUSES, type PositionRow } from './positions';
import { riskSummary } from './risk-summary';

const ALL_STATUSES = [0, 1, 2, 3, 4];

/**
 * POST /api/lever/my_trade: a page of the user's orders in one state (all by default), of one pair when both
 * currencies are given, with the risk rate and profit of the quote currency.
 */
export async function listMyTrades(
  prisma: Db,
  views: PositionViews,
  userId: number,
  request: {
    status: string;
    legal_id?: number | undefined;
    currency_id?: number | undefined;
    page: number;
    limit: number;
    locale: Locale;
  },
): Promise<LeverMyTrade> {
  const { page, limit } = request;
  const status = request.status === '' ? -1 : Number(request.status);
  const statuses = ALL_STATUSES.includes(status) ? [status] : ALL_STATUSES;
  let matchId: number | undefined;
  if (request.legal_id !== undefined && request.currency_id !== undefined) {
    const pair = await prisma.currencyMatch.findUnique({
      where: { legal_id_currency_id: { legal_id: request.legal_id, currency_id: request.currency_id } },
    });
    matchId = pair?.id ?? -1;
  }
  const sql = prismaSql(prisma);
  const filters = [userId, statuses, request.legal_id ?? null, matchId ?? null];
  const where = `user_id = $1 AND status = ANY($2::int[])
         AND ($3::int IS NULL OR legal_id = $3) AND ($4::int IS NULL OR match_id = $4)`;
  const [{ total = 0 } = {}] = await sql.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM lever_transactions WHERE ${where}`,
    filters,
  );
  const rows = await sql.query<PositionRow>(
    `SELECT * FROM lever_transactions WHERE ${where} ORDER BY id DESC LIMIT $5 OFFSET $6`,
    [...filters, limit, (page - 1) * limit],
  );
  const marks = await marksFor(
    prisma,
    rows.filter((row) => LIVE_STATUSES.includes(row.status as 0 | 1 | 2)),
  );
  const legalId = request.legal_id ?? rows[0]?.legal_id;
  const risk = legalId === undefined ? undefined : await riskSummary(prisma, userId, legalId);
  return {
    rate_profits_total: {
      hazard_rate: risk?.totals.hazard_rate ?? '0.00',
      profits_total: risk?.totals.profits_total ?? '0',
    },
    message: laravelPaginator(
      await views(rows, marks, request.locale),
      total,
      page,
      limit,
      '/api/lever/my_trade',
    ),
  };
}
