import type { User } from '@exchange/kernel/db';
import { poolSql } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import { parseAmount } from '@exchange/kernel/ledger';
import type { Redis } from 'ioredis';
import type pg from 'pg';
import { assertTradePassword } from '../safe';
import { openPartner, requireBinding } from './binding';
import { exchangePoints, settlePendingExchanges, type ExchangeResult, type JcTerms } from './exchange';
import type { PointsPartner } from './partner';
import { POINTS_DECIMALS } from './points-decimals';

/**
 * A bound user exchanges points of their partner account for tokens: refused without enough points there
 * (the partner unreachable refuses too, before anything is written), then without the trade password
 * (checked, and rate limited, like every trade password check), in that order.
 */
export async function redeemPoints(
  deps: { pool: pg.Pool; redis: Redis; partner: PointsPartner | null; terms: () => Promise<JcTerms> },
  user: User,
  input: { use_number: string; password: string },
): Promise<ExchangeResult> {
  const partner = openPartner(deps.partner);
  const points = parseAmount(input.use_number, POINTS_DECIMALS);
  const binding = await requireBinding(poolSql(deps.pool), user.id);
  await settlePendingExchanges(deps.pool, partner, user.id);
  if ((await partner.pointsOf(binding.partner_account)).lt(points))
    throw new AppError('jc_points_insufficient');
  if (input.password === '') throw new AppError('trade_password_required');
  await assertTradePassword(deps.redis, user, input.password);
  return exchangePoints(
    deps.pool,
    partner,
    { userId: user.id, partnerAccount: binding.partner_account, points },
    await deps.terms(),
  );
}
