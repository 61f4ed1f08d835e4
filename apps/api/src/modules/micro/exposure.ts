import type { Sql } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import { lockHouseBalance, Money, roundReceived, type Money as MoneyValue } from '@exchange/kernel/ledger';

/** What running orders could win at most: the part of the micro pool reserved for them. */
const RESERVED = 'SUM(number * profit_ratio / 100)';

/** A new order's claim on the micro pool: what it would win at most. */
export interface ExposureClaim {
  userId: number;
  matchId: number;
  /** The pair's name, for the refusal. */
  symbol: string;
  currencyId: number;
  currencyName: string;
  decimals: number;
  /** The stake × profit ratio of the new order (unrounded, as the running orders are summed). */
  maxProfit: MoneyValue;
  /** The pair's caps, in percent of the pool. */
  pairPercent: MoneyValue;
  userPercent: MoneyValue;
}

/**
 * The house can always pay: a seconds order is accepted only if the micro pool of its currency holds the
 * most that every running order together with this one could win, and if the running orders of its pair,
 * and of its owner on that pair, would not stand to win more than the pair's percentages of the pool. So
 * winners never exceed the pool (there is nothing to prorate), and no single market or user can put more
 * than their share of it at risk, whatever price a wash trade manages to print.
 *
 * Race-safe: the pool's balance is read under its transaction-scoped lock (the house payers' lock), which
 * the caller holds until it commits the order, so concurrent submits in one currency check one after the
 * other and each sees the orders committed before it. Settlement needs no lock: it only ever pays an order
 * less than the profit reserved for it, and releases the whole reservation.
 */
export async function checkExposure(tx: Sql, claim: ExposureClaim): Promise<void> {
  const pool = await lockHouseBalance(tx, 'micro_pool', claim.currencyId);
  const [running] = await tx.query<{ total: string; pair: string; user: string }>(
    `SELECT COALESCE(${RESERVED}, 0)::text AS total,
       COALESCE(${RESERVED} FILTER (WHERE match_id = $2), 0)::text AS pair,
       COALESCE(${RESERVED} FILTER (WHERE match_id = $2 AND user_id = $3), 0)::text AS user
     FROM micro_orders WHERE status = 1 AND currency_id = $1`,
    [claim.currencyId, claim.matchId, claim.userId],
  );
  const exceeds = (runningProfit: string | undefined, cap: MoneyValue) =>
    new Money(runningProfit ?? '0').plus(claim.maxProfit).gt(cap);
  const share = (percent: MoneyValue) => pool.times(percent).div(100);
  const named = (cap: MoneyValue) => ({
    max: roundReceived(Money.max(cap, 0), claim.decimals).toFixed(),
    currency: claim.currencyName,
    symbol: claim.symbol,
  });
  if (exceeds(running?.user, share(claim.userPercent)))
    throw new AppError('micro_user_exposure_limit', named(share(claim.userPercent)));
  if (exceeds(running?.total, pool)) throw new AppError('micro_pool_exposure_limit', named(pool));
  if (exceeds(running?.pair, share(claim.pairPercent)))
    throw new AppError('micro_pair_exposure_limit', named(share(claim.pairPercent)));
}

/**
 * Refuses to pay `amount` out of the micro pool (an insurance claim) unless the pool holds it beyond what the
 * running orders could win. Takes the pool's lock as a submit does, after the payer's wallet row (the
 * submits' order), so the two cannot deadlock and a claim cannot spend a running order's reservation.
 */
export async function assertMicroPoolCanPay(tx: Sql, currencyId: number, amount: MoneyValue): Promise<void> {
  const pool = await lockHouseBalance(tx, 'micro_pool', currencyId);
  const [running] = await tx.query<{ total: string }>(
    `SELECT COALESCE(${RESERVED}, 0)::text AS total FROM micro_orders WHERE status = 1 AND currency_id = $1`,
    [currencyId],
  );
  if (pool.minus(running?.total ?? '0').lt(amount)) throw new AppError('insurance_pool_short');
}
