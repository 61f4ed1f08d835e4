import type { Redis } from 'ioredis';
import type { User } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import { clearRate, consumeRate } from '../../http/rate-limit';
import { verifySecret } from '../user';

const WRONG_TRADE_PASSWORDS = { name: 'trade-password-failed', limit: 5, windowSeconds: 900 };

/**
 * Guards a money-moving action with the trade password: type 'not' when none is set (the client then
 * offers /bindmpwd), and five wrong tries lock the check for 15 minutes. Each check takes its slot BEFORE the
 * hash is compared (a wrong one keeps it, a right one clears them all), so at most five guesses are ever
 * compared per window, however many arrive at once and at however many API processes.
 */
export async function assertTradePassword(redis: Redis, user: User, password: string): Promise<void> {
  if (!user.trade_password_hash) throw new AppError('trade_password_not_set', {}, 'not');
  const subject = String(user.id);
  await consumeRate(redis, WRONG_TRADE_PASSWORDS, subject);
  if (!(await verifySecret(user.trade_password_hash, password))) throw new AppError('trade_password_wrong');
  await clearRate(redis, WRONG_TRADE_PASSWORDS, subject);
}

/** Forgets a user's wrong trade-password guesses (an operator reset their trade password). */
export const clearTradePasswordGuesses = (redis: Redis, userId: number) =>
  clearRate(redis, WRONG_TRADE_PASSWORDS, String(userId));
