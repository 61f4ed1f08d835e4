import type { User } from '@exchange/kernel/db';
import { poolSql } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import { parseAmount } from '@exchange/kernel/ledger';
import type { Redis } from 'ioredis';
import type pg from 'pg';
import { assertTradePassword } from '../safe';
import { pointsOf, POINTS_DECIMALS } from './balance';
import { assertBound } from './binding';
import { exchangePoints, type ExchangeResult, type JcTerms } from './exchange';

/**
 * A bound user exchanges points for tokens: refused without enough points, then without the trade password
 * (checked, and rate limited, like every trade password check), in that order.
 */
export async function redeemPoints(
  deps: { pool: pg.Pool; redis: Redis; terms: () => Promise<JcTerms> },
  user: User,
  input: { use_number: string; password: string },
): Promise<ExchangeResult> {
  const sql = poolSql(deps.pool);
  const points = parseAmount(input.use_number, POINTS_DECIMALS);
  await assertBound(sql, user.id);
  if ((await pointsOf(sql, user.id)).lt(points)) throw new AppError('jc_points_insufficient');
  if (input.password === '') throw new AppError('trade_password_required');
  await assertTradePassword(deps.redis, user, input.password);
  return exchangePoints(deps.pool, user.id, points, await deps.terms());
}
