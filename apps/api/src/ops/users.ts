import type { Db } from '@exchange/kernel/db';
import { createUserAsOperator, type UserByOperator } from '../modules/user';
import { parseAccount } from '../modules/verification';

export type OpsUserInput = UserByOperator;

/** A ready user, as if registered with the root invite code (and optionally verified and a seller). */
export const createOpsUser = (prisma: Db, input: OpsUserInput) => createUserAsOperator(prisma, input);

/** The messages sent to an account, newest first: how operators and tests read codes. */
export async function listOutbox(prisma: Db, to: string, limit: number) {
  const rows = await prisma.messageOutbox.findMany({
    where: { to: parseAccount(to).account_number },
    orderBy: { id: 'desc' },
    take: Math.min(Math.max(limit, 1), 200),
  });
  return rows.map((row) => ({
    to: row.to,
    scene: row.scene,
    code: row.code,
    created_at: row.created_at.toISOString(),
  }));
}
