import type { OperatorTrail } from '@exchange/contracts';
import type { Db, Tx } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';

/** How far back support may read a user's codes, and how many: enough for a call, not a history. */
const SUPPORT_WINDOW_MS = 24 * 60 * 60 * 1000;
const SUPPORT_CODES = 10;

/**
 * The verification codes last sent to a user's e-mail or phone (the outbox keeps what the messenger sent),
 * for support helping someone whose message did not arrive. Reading them is itself written to the trail,
 * with the operator and the reason, in the same transaction: a code is as good as a password for a while.
 */
export async function recentCodesForSupport(
  prisma: Db,
  input: { id: number; reason: string },
  trail: OperatorTrail<Tx>,
) {
  return prisma.$transaction(async (tx) => {
    const user = await tx.user.findUnique({
      where: { id: input.id },
      select: { id: true, account_number: true, email: true, phone: true },
    });
    if (!user) throw new AppError('admin_record_not_found');
    const destinations = [user.account_number, user.email, user.phone].filter(
      (destination): destination is string => Boolean(destination),
    );
    const rows = await tx.messageOutbox.findMany({
      where: {
        to: { in: destinations },
        code: { not: '' },
        created_at: { gte: new Date(Date.now() - SUPPORT_WINDOW_MS) },
      },
      orderBy: { id: 'desc' },
      take: SUPPORT_CODES,
    });
    await trail(tx, {
      action: 'user.codes.view',
      targetType: 'user',
      targetId: user.id,
      after: { codes: rows.length },
      reason: input.reason,
    });
    return rows.map((row) => ({
      channel: row.channel,
      to: row.to,
      scene: row.scene,
      code: row.code,
      created_at: row.created_at.toISOString(),
    }));
  });
}
