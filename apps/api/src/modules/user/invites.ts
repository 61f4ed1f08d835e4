import type { Db, Tx } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';

/** The invite code of the root of the team tree: the first users register with it (the seed creates it). */
export const ROOT_INVITE_CODE = 'exroot';

/** The inviter of a new user by its invite code (case-insensitive), or the code is refused. */
export async function findInviter(prisma: Db | Tx, extensionCode: string) {
  const parent = await prisma.user.findUnique({
    where: { extension_code: extensionCode.trim().toLowerCase() },
    select: { id: true, parents_path: true },
  });
  if (!parent) throw new AppError('invite_code_invalid');
  return parent;
}
