import type { PointsInfo } from '@exchange/contracts';
import type { Sql } from '@exchange/kernel/db';
import { toAmountString } from '@exchange/kernel/ledger';
import { pointsOf, POINTS_DECIMALS } from './balance';
import { assertBound } from './binding';
import type { JcTerms } from './exchange';

/** A bound user's points and the exchange's current terms. */
export async function readPointsInfo(
  sql: Sql,
  userId: number,
  terms: () => Promise<JcTerms>,
): Promise<PointsInfo> {
  await assertBound(sql, userId);
  const [current, points] = await Promise.all([terms(), pointsOf(sql, userId)]);
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
  };
}
