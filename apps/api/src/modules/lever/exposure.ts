import type { Sql } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import { Money, type Money as MoneyValue } from '@exchange/kernel/ledger';
import { LEVER_STATUS, LEVER_TYPE } from './risk';

/**
 * The house's exposure on lever: the exchange is every position's counterparty, so what winners can ask of
 * the lever pool grows with open interest. Opens are capped against what the lever pool and the insurance
 * fund hold in the quote currency (the pair's options, in percent of that):
 * - per pair, the net notional (longs minus shorts at their open prices: the house pays one side from what
 *   the other loses), for opens that widen it; an open that narrows it is always welcome;
 * - per user and pair, the gross notional of their positions.
 * Pending entrusts count as open: they open later without asking again.
 */
export interface ExposureLimits {
  matchId: number;
  legalId: number;
  pairPercent: MoneyValue;
  userPercent: MoneyValue;
}

export interface NewExposure {
  userId: number;
  type: number;
  /** The new position's notional: open price x number. */
  notional: MoneyValue;
}

const HUNDRED = new Money(100);

/**
 * Refuses an open beyond the caps. Runs in the opening transaction under a lock of the quote currency's
 * lever exposure, so two opens at once are counted one after the other and cannot both pass the last room.
 */
export async function assertExposureRoom(sql: Sql, limits: ExposureLimits, open: NewExposure): Promise<void> {
  await sql.execute('SELECT pg_advisory_xact_lock(hashtext($1::text))', [`lever:exposure:${limits.legalId}`]);
  const [row] = await sql.query<{ capacity: string; net: string; mine: string }>(
    `SELECT
       (SELECT COALESCE(SUM(delta), 0) FROM house_entries
         WHERE currency_id = $1 AND account IN ('lever_pool', 'insurance_fund'))::text AS capacity,
       (SELECT COALESCE(SUM(CASE WHEN type = ${LEVER_TYPE.long} THEN price * number ELSE -price * number END), 0)
         FROM lever_transactions WHERE match_id = $2
           AND status IN (${LEVER_STATUS.pending}, ${LEVER_STATUS.trading}))::text AS net,
       (SELECT COALESCE(SUM(price * number), 0) FROM lever_transactions WHERE user_id = $3 AND match_id = $2
           AND status IN (${LEVER_STATUS.pending}, ${LEVER_STATUS.trading}))::text AS mine`,
    [limits.legalId, limits.matchId, open.userId],
  );
  const capacity = Money.max(new Money(row?.capacity ?? '0'), new Money(0));
  const net = new Money(row?.net ?? '0');
  const netAfter = open.type === LEVER_TYPE.long ? net.plus(open.notional) : net.minus(open.notional);
  const widens = netAfter.abs().gt(net.abs());
  if (widens && netAfter.abs().gt(capacity.times(limits.pairPercent).div(HUNDRED)))
    throw new AppError('lever_pair_exposure_full');
  const mineAfter = new Money(row?.mine ?? '0').plus(open.notional);
  if (mineAfter.gt(capacity.times(limits.userPercent).div(HUNDRED)))
    throw new AppError('lever_user_exposure_full');
}
