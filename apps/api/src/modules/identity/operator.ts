import type { OperatorTrail } from '@exchange/contracts';
import type { Db, Tx } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import { REVIEW_STATUS, reviewIdentity } from './review';

/** Submissions of one review status, oldest first, with the user's account. */
export async function listIdentities(prisma: Db, options: { status: number; page: number; limit: number }) {
  const where = { review_status: options.status };
  const [total, rows] = await Promise.all([
    prisma.identityVerification.count({ where }),
    prisma.identityVerification.findMany({
      where,
      orderBy: { id: 'asc' },
      skip: (options.page - 1) * options.limit,
      take: options.limit,
      include: { user: { select: { account_number: true } } },
    }),
  ]);
  return {
    total,
    list: rows.map((row) => ({
      id: row.id,
      user_id: row.user_id,
      account: row.user.account_number,
      name: row.name,
      card_id: row.card_id,
      front_pic: row.front_pic,
      reverse_pic: row.reverse_pic,
      hand_pic: row.hand_pic,
      review_status: row.review_status,
      created_at: row.created_at.toISOString(),
    })),
  };
}

/**
 * An operator approves or rejects a waiting submission (a rejection says why) through the area's own review
 * (which tells the user), with the trail in its transaction; a submission someone already decided is refused.
 */
export async function review(
  prisma: Db,
  input: { id: number; decision: 'approve' | 'reject'; reason: string },
  trail: OperatorTrail<Tx>,
) {
  if (input.decision === 'reject' && !input.reason) throw new AppError('admin_reason_required');
  const before = await prisma.identityVerification.findUnique({ where: { id: input.id } });
  if (!before) throw new AppError('admin_record_not_found');
  const after = await reviewIdentity(prisma, {
    ...input,
    within: (tx, decided) =>
      trail(tx, {
        action: `identity.${input.decision}`,
        targetType: 'identity',
        targetId: decided.id,
        before: { review_status: REVIEW_STATUS.waiting },
        after: { review_status: decided.review_status },
        reason: input.reason,
      }),
  });
  if (!after) throw new AppError('admin_already_processed');
  return { id: after.id, review_status: after.review_status };
}
