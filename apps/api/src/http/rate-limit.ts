import type { Redis } from 'ioredis';
import { AppError } from './errors';

export interface RateRule {
  name: string;
  limit: number;
  windowSeconds: number;
}

/** Fixed-window counter in Redis; shared by every API process, so a limit holds across the cluster. */
export async function consumeRate(redis: Redis, rule: RateRule, subject: string): Promise<void> {
  const key = `rate:${rule.name}:${subject}`;
  const [[, count] = [], [, ttl] = []] = (await redis.multi().incr(key).ttl(key).exec()) ?? [];
  if (ttl === -1) await redis.expire(key, rule.windowSeconds);
  if (typeof count === 'number' && count > rule.limit) throw new AppError('too_many_requests');
}

export async function isRateExhausted(redis: Redis, rule: RateRule, subject: string): Promise<boolean> {
  const count = Number(await redis.get(`rate:${rule.name}:${subject}`));
  return count >= rule.limit;
}

export async function clearRate(redis: Redis, rule: RateRule, subject: string): Promise<void> {
  await redis.del(`rate:${rule.name}:${subject}`);
}
