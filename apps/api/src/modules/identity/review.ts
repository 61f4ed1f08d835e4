import type { Db, IdentityVerification, Tx } from '@exchange/kernel/db';
import { notifyUser } from '../verification';

/** review_status of identity_verifications: 0 rejected (the user may submit again), 1 waiting, 2 approved. */
export const REVIEW_STATUS = { rejected: 0, waiting: 1, approved: 2 } as const;

/**
 * The operator action that approves (1 -> 2) or rejects (1 -> 0, with the reason) a waiting submission,
 * exactly once however many operators decide at the same moment; the user is told in the same transaction,
 * and `within` writes the caller's record there too. Answers null when the submission is not waiting.
 */
export async function reviewIdentity(
  prisma: Db,
  input: {
    id: number;
    decision: 'approve' | 'reject';
    reason: string;
    within?: (tx: Tx, after: IdentityVerification) => Promise<unknown>;
  },
): Promise<IdentityVerification | null> {
  return prisma.$transaction(async (tx) => {
    const approve = input.decision === 'approve';
    const [after] = await tx.identityVerification.updateManyAndReturn({
      where: { id: input.id, review_status: REVIEW_STATUS.waiting },
      data: { review_status: approve ? REVIEW_STATUS.approved : REVIEW_STATUS.rejected },
    });
    if (!after) return null;
    await notifyUser(tx, after.user_id, approve ? 'admin_identity_approved' : 'admin_identity_rejected', {
      reason: input.reason,
    });
    await input.within?.(tx, after);
    return after;
  });
}
