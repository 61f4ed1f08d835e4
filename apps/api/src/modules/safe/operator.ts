import type { Redis } from 'ioredis';
import type { OperatorTrail } from '@exchange/contracts';
import type { Db, Tx } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import { resetTradePassword } from './trade-password';

async function requireUser(prisma: Db, id: number) {
  const user = await prisma.user.findUnique({ where: { id } });
  if (!user) throw new AppError('admin_record_not_found');
  return user;
}

/**
 * Resets a trader's trade password through the safe area's own action (which tells the user and lifts the
 * wrong-guess lock); the trail is in its transaction. A user without one is refused.
 */
export async function resetTradePasswordAsOperator(
  deps: { prisma: Db; redis: Redis },
  input: { id: number; reason: string },
  trail: OperatorTrail<Tx>,
) {
  if (!input.reason) throw new AppError('admin_reason_required');
  await requireUser(deps.prisma, input.id);
  const after = await resetTradePassword(deps, {
    id: input.id,
    within: (tx, changed) =>
      trail(tx, {
        action: 'user.trade_password_reset',
        targetType: 'user',
        targetId: changed.id,
        before: { trade_password_set: true },
        after: { trade_password_set: false },
        reason: input.reason,
      }),
  });
  if (!after) throw new AppError('admin_already_processed');
  return { id: after.id, trade_password_set: false };
}
