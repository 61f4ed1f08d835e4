import type { Db, Tx } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import { isLocale, translate, type MessageKey, type MessageParams } from '@exchange/kernel/i18n';
import { recordTrail, type Actor } from './trail';

/** review_status of identity_verifications: 0 rejected (the user may submit again), 1 waiting, 2 approved. */
export const REVIEW_STATUS = { rejected: 0, waiting: 1, approved: 2 } as const;

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

/** Tells a user of an operator's decision: a message in their language in the outbox (scene `notice`). */
export async function notifyUser(tx: Tx, userId: number, key: MessageKey, params: MessageParams = {}) {
  const user = await tx.user.findUniqueOrThrow({
    where: { id: userId },
    select: { account_number: true, email: true, locale: true },
  });
  await tx.messageOutbox.create({
    data: {
      channel: user.email ? 'email' : 'sms',
      to: user.account_number,
      scene: 'notice',
      code: '',
      body: translate(isLocale(user.locale) ? user.locale : 'en', key, params),
    },
  });
}

/**
 * Approves (1 -> 2) or rejects (1 -> 0, with a reason) a waiting submission, exactly once however many
 * operators click at the same moment; the user is told and the trail written in the same transaction.
 */
export async function reviewIdentity(
  prisma: Db,
  actor: Actor,
  input: { id: number; decision: 'approve' | 'reject'; reason: string },
) {
  if (input.decision === 'reject' && !input.reason) throw new AppError('admin_reason_required');
  return prisma.$transaction(async (tx) => {
    const before = await tx.identityVerification.findUnique({ where: { id: input.id } });
    if (!before) throw new AppError('admin_record_not_found');
    const status = input.decision === 'approve' ? REVIEW_STATUS.approved : REVIEW_STATUS.rejected;
    const [after] = await tx.identityVerification.updateManyAndReturn({
      where: { id: input.id, review_status: REVIEW_STATUS.waiting },
      data: { review_status: status },
    });
    if (!after) throw new AppError('admin_already_processed');
    await notifyUser(
      tx,
      after.user_id,
      input.decision === 'approve' ? 'admin_identity_approved' : 'admin_identity_rejected',
      { reason: input.reason },
    );
    await recordTrail(tx, actor, {
      action: `identity.${input.decision}`,
      targetType: 'identity',
      targetId: after.id,
      before: { review_status: before.review_status },
      after: { review_status: after.review_status },
      reason: input.reason,
    });
    return { id: after.id, review_status: after.review_status };
  });
}
