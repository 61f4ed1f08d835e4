import type { Db } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import { withVerifiedCode } from '../verification';
import { hashSecret } from './passwords';
import { revokeAllSessions } from './sessions';

/** Sets a new login password with a code sent to the account, and signs every session of it out. */
export async function resetPassword(
  prisma: Db,
  secret: string,
  accountNumber: string,
  password: string,
  code: string,
) {
  const password_hash = await hashSecret(password);
  const userId = await withVerifiedCode(
    { prisma, secret },
    { destination: accountNumber, scene: 'forget', code },
    async (tx) => {
      const updated = await tx.user.updateManyAndReturn({
        where: { account_number: accountNumber },
        data: { password_hash },
        select: { id: true },
      });
      const [user] = updated;
      if (!user) throw new AppError('code_invalid');
      return user.id;
    },
  );
  await revokeAllSessions(prisma, userId);
  return userId;
}
