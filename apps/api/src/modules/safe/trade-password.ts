import type { Redis } from 'ioredis';
import type { Db, Tx, User } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import { clearRate, compareWithinLimit } from '../../http/rate-limit';
import { verifySecret } from '../user';
import { notifyUser } from '../verification';

const WRONG_TRADE_PASSWORDS = { name: 'trade-password-failed', limit: 5, windowSeconds: 900 };

/**
 * Guards a money-moving action with the trade password: type 'not' when none is set (the client then
 * offers /bindmpwd), and five wrong tries lock the check for 15 minutes (the right one clears them). Only
 * wrong passwords count: any number of money actions with the right one at once all pass, while at most five
 * wrong guesses are ever compared per window, however many arrive at once (see compareWithinLimit).
 */
export async function assertTradePassword(redis: Redis, user: User, password: string): Promise<void> {
  const hash = user.trade_password_hash;
  if (!hash) throw new AppError('trade_password_not_set', {}, 'not');
  const right = await compareWithinLimit(redis, WRONG_TRADE_PASSWORDS, String(user.id), () =>
    verifySecret(hash, password),
  );
  if (!right) throw new AppError('trade_password_wrong');
}

/** Forgets a user's wrong trade-password guesses (an operator reset their trade password). */
const clearTradePasswordGuesses = (redis: Redis, userId: number) =>
  clearRate(redis, WRONG_TRADE_PASSWORDS, String(userId));

/**
 * The operator action that resets a trader's trade password, the second factor of withdrawals and money
 * actions: the hash is cleared (the next money action answers 'not' and the client offers to set one, proven
 * by a code sent to the account), the user is told and `within` writes the caller's record in the same
 * transaction; after the commit the wrong-guess lock is lifted. Answers null when none was set.
 */
export async function resetTradePassword(
  deps: { prisma: Db; redis: Redis },
  input: { id: number; within?: (tx: Tx, after: User) => Promise<unknown> },
): Promise<User | null> {
  const after = await deps.prisma.$transaction(async (tx) => {
    const [changed] = await tx.user.updateManyAndReturn({
      where: { id: input.id, trade_password_hash: { not: null } },
      data: { trade_password_hash: null },
    });
    if (!changed) return null;
    await notifyUser(tx, changed.id, 'admin_notice_trade_password_reset');
    await input.within?.(tx, changed);
    return changed;
  });
  if (after) await clearTradePasswordGuesses(deps.redis, after.id);
  return after;
}
