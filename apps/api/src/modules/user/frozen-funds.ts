import type { Db, Tx, User } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import type { SessionCache } from '../../http/session-cache';
import { notifyUser } from '../verification';

/**
 * Refuses a movement of the user's funds while an operator froze them (`users.frozen_funds`, the contract's
 * flag). Called inside the movement's own transaction: the row is read FOR SHARE, so a freeze (an UPDATE of
 * that row) waits for a movement already past this check to commit, and one arriving after the freeze sees it.
 */
export async function assertFundsMovable(tx: Tx, userId: number): Promise<void> {
  const [row] = await tx.$queryRaw<{ frozen_funds: number }[]>`
    SELECT frozen_funds FROM users WHERE id = ${userId} FOR SHARE`;
  if (row?.frozen_funds === 1) throw new AppError('funds_frozen');
}

/**
 * The operator action that freezes (1) or unfreezes (0) a user's funds, exactly once however many operators
 * decide at the same moment: a guarded UPDATE of `frozen_funds`, which waits for a movement already past its
 * check (they read the row FOR SHARE), so nothing slips out after the freeze commits. The user is told and
 * `within` writes the caller's record in the same transaction; after the commit every API process reads the
 * user's sessions again (the order routes keep the flag in their session cache). Answers null when the
 * funds already were as asked.
 */
export async function setFundsFrozen(
  deps: { prisma: Db; sessions: Pick<SessionCache, 'refreshUser'> },
  input: { id: number; frozen: 0 | 1; reason: string; within?: (tx: Tx, after: User) => Promise<unknown> },
): Promise<User | null> {
  const after = await deps.prisma.$transaction(async (tx) => {
    const [changed] = await tx.user.updateManyAndReturn({
      where: { id: input.id, frozen_funds: input.frozen === 1 ? 0 : 1 },
      data: { frozen_funds: input.frozen },
    });
    if (!changed) return null;
    await notifyUser(tx, changed.id, input.frozen === 1 ? 'admin_notice_frozen' : 'admin_notice_unfrozen', {
      reason: input.reason,
    });
    await input.within?.(tx, changed);
    return changed;
  });
  if (after) await deps.sessions.refreshUser(after.id);
  return after;
}
