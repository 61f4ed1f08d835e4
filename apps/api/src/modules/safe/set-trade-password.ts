import type { Db, User } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import { hashSecret } from '../user';
import { withVerifiedCode } from '../verification';

/** Sets (or replaces) the trade password, proven by a code sent to the account (scene trade_password). */
export async function setTradePassword(
  deps: { prisma: Db; secret: string },
  user: Pick<User, 'id' | 'account_number'>,
  input: { password: string; re_password: string; code: string },
): Promise<void> {
  if (input.password !== input.re_password) throw new AppError('password_mismatch');
  const trade_password_hash = await hashSecret(input.password);
  await withVerifiedCode(
    deps,
    { destination: user.account_number, scene: 'trade_password', code: input.code },
    async (tx) => {
      await tx.user.update({ where: { id: user.id }, data: { trade_password_hash } });
    },
  );
}
