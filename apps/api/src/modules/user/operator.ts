import type { OperatorTrail } from '@exchange/contracts';
import type { SessionCache } from '../../http/session-cache';
import type { Db, Tx } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import { setFundsFrozen } from './frozen-funds';

async function requireUser(prisma: Db, id: number) {
  const user = await prisma.user.findUnique({ where: { id } });
  if (!user) throw new AppError('admin_record_not_found');
  return user;
}

/**
 * Freezes (1) or unfreezes (0) a user's funds, with a reason, through the user area's own action (which tells
 * the user and has every API process read the flag again); the trail is in its transaction. Funds already as
 * asked are refused.
 */
export async function setFrozenFunds(
  deps: { prisma: Db; sessions: Pick<SessionCache, 'refreshUser'> },
  input: { id: number; frozen: 0 | 1; reason: string },
  trail: OperatorTrail<Tx>,
) {
  if (!input.reason) throw new AppError('admin_reason_required');
  await requireUser(deps.prisma, input.id);
  const after = await setFundsFrozen(deps, {
    ...input,
    within: (tx, changed) =>
      trail(tx, {
        action: input.frozen === 1 ? 'user.freeze_funds' : 'user.unfreeze_funds',
        targetType: 'user',
        targetId: changed.id,
        before: { frozen_funds: input.frozen === 1 ? 0 : 1 },
        after: { frozen_funds: changed.frozen_funds },
        reason: input.reason,
      }),
  });
  if (!after) throw new AppError('admin_already_processed');
  return { id: after.id, frozen_funds: after.frozen_funds };
}
