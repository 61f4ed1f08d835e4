import type { Db, User } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import { assertMayTrade } from '../../http/auth';
import { assertTradePassword } from '../safe';
import type { LeverDeps } from './close-position';
import { openPosition, type OpenPositionInput } from './open-position';

/**
 * POST /api/lever/submit: a user whose funds are not frozen, with the right trade password, opens a position
 * or places an entrust.
 */
export async function submitPosition(
  deps: LeverDeps & { prisma: Db },
  user: User,
  input: OpenPositionInput & { password: string },
): Promise<void> {
  assertMayTrade(user.frozen_funds === 1);
  if (input.password === '') throw new AppError('trade_password_required');
  await assertTradePassword(deps.redis, user, input.password);
  await openPosition(deps, user.id, input);
}
