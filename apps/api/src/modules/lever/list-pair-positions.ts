import type { LeverPositions } from '@exchange/contracts';
import { prismaSql, type Db } from '@exchange/kernel/db';
import type { Locale } from '@exchange/kernel/i18n';
import { toAmountString } from '@exchange/kernel/ledger';
import { laravelPaginator } from '../../http/pagination';
import { findLeverPair } from './options';
import type { PositionViews } from './position-views';
import { userPositions } from './positions';
import { LEVER_STATUS } from './risk';
import { riskSummary } from './risk-summary';

/** POST /api/lever/dealall: a page of one pair's positions in one state (in trade by default), with the risk. */
export async function listPairPositions(
  prisma: Db,
  views: PositionViews,
  userId: number,
  request: {
    legal_id: number;
    currency_id: number;
    status: string;
    page: number;
    limit: number;
    locale: Locale;
  },
): Promise<LeverPositions> {
  const { page, limit } = request;
  const pair = await findLeverPair(prisma, request.legal_id, request.currency_id);
  const { balance, marks, totals } = await riskSummary(prisma, userId, pair.legal_id, pair.id);
  const status = request.status === '' ? LEVER_STATUS.trading : Number(request.status);
  const statuses = [0, 1, 2, 3, 4].includes(status) ? [status] : [LEVER_STATUS.trading];
  const rows = await userPositions(prismaSql(prisma), userId, statuses, { matchId: pair.id });
  const shown = rows.slice((page - 1) * limit, page * limit);
  return {
    balance: toAmountString(balance),
    ...totals,
    order: laravelPaginator(
      await views(shown, marks, request.locale),
      rows.length,
      page,
      limit,
      '/api/lever/dealall',
    ),
  };
}
