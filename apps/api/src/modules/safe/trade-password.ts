import type { Redis } from 'ioredis';
import type { User } from '../../generated/prisma/client';
import { AppError } from '../../http/errors';
import { clearRate, consumeRate, isRateExhausted } from '../../http/rate-limit';
import { verifySecret } from '../user/passwords';

const WRONG_TRADE_PASSWORDS = { name: 'trade-password-failed', limit: 5, windowSeconds: 900 };

/**
 * Guards a money-moving action with the trade password: type 'not' when none is set (the client then
 * offers /bindmpwd), and five wrong tries lock the check for 15 minutes.
 */
export async function assertTradePassword(redis: Redis, user: User, password: string): Promise<void> {
  if (!user.trade_password_hash) throw new AppError('trade_password_not_set', {}, 'not');
  const subject = String(user.id);
  if (await isRateExhausted(redis, WRONG_TRADE_PASSWORDS, subject)) throw new AppError('too_many_requests');
  if (!(await verifySecret(user.trade_password_hash, password))) {
    await consumeRate(redis, WRONG_TRADE_PASSWORDS, subject).catch(() => undefined);
    throw new AppError('trade_password_wrong');
  }
  await clearRate(redis, WRONG_TRADE_PASSWORDS, subject);
}
