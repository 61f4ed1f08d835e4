import type { PointsInfo } from '@exchange/contracts';
import { poolSql } from '@exchange/kernel/db';
import { toAmountString } from '@exchange/kernel/ledger';
import type pg from 'pg';
import { openPartner, requireBinding } from './binding';
import { settlePendingExchanges, type JcTerms } from './exchange';
import type { PointsPartner } from './partner';
import { POINTS_DECIMALS } from './points-decimals';

/** A bound user's points, as the partner holds them, and the exchange's current terms. */
export async function readPointsInfo(
  deps: { pool: pg.Pool; partner: PointsPartner | null; terms: () => Promise<JcTerms> },
  userId: number,
): Promise<PointsInfo> {
  const partner = openPartner(deps.partner);
  const binding = await requireBinding(poolSql(deps.pool), userId);
  await settlePendingExchanges(deps.pool, partner, userId);
  const [current, points] = await Promise.all([deps.terms(), partner.pointsOf(binding.partner_account)]);
  return {
    jc_integral: toAmountString(points),
    free_jc_integral: toAmountString(points),
    jc_exchange_fee: current.feeRatio.toFixed(),
    jc_price: current.pointPrice.toFixed(),
    jc_price_difference: current.priceDifference.toFixed(),
    market_price: current.marketPrice.toFixed(),
    currency_name: current.currency.name,
    currency_decimals: current.currency.decimals,
    points_decimals: POINTS_DECIMALS,
    partner: partner.name,
  };
}
