import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { AppError } from '@exchange/kernel/errors';

export interface RateRule {
  name: string;
  limit: number;
  windowSeconds: number;
}

/** A Lua script run by its SHA (sent in full once per Redis server); its keys carry the client's prefix. */
export class RedisScript {
  private readonly sha: string;

  constructor(private readonly lua: string) {
    this.sha = createHash('sha1').update(lua).digest('hex');
  }

  async run(redis: Redis, keys: string[], args: (string | number)[]): Promise<unknown> {
    try {
      return await redis.evalsha(this.sha, keys.length, ...keys, ...args);
    } catch (error) {
      if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
      return redis.eval(this.lua, keys.length, ...keys, ...args);
    }
  }
}

/**
 * Takes one of `limit` slots of a fixed window, or refuses without taking one: the check and the count are
 * one step inside Redis, so no number of concurrent callers in any number of processes gets past the limit.
 * Answers the slots taken so far (this one included), or minus the milliseconds until the window ends.
 */
const takeSlot = new RedisScript(`
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count >= tonumber(ARGV[1]) then
  return -math.max(redis.call('PTTL', KEYS[1]), 1)
end
count = redis.call('INCR', KEYS[1])
if redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return count
`);

const rateKey = (rule: RateRule, subject: string) => `rate:${rule.name}:${subject}`;

/**
 * Counts one attempt against a rule, or throws `too_many_requests` when the window's limit is used up. Call it
 * BEFORE the work the rule protects (a password hash, a code sent): at most `limit` attempts ever get that
 * far per window, whatever the concurrency. Fixed windows, shared by every API process through Redis.
 */
export async function consumeRate(redis: Redis, rule: RateRule, subject: string): Promise<void> {
  const taken = Number(
    await takeSlot.run(redis, [rateKey(rule, subject)], [rule.limit, rule.windowSeconds * 1000]),
  );
  if (taken < 0) throw new AppError('too_many_requests');
}

/** Forgets the attempts counted against a rule (after a success that proves the caller). */
export async function clearRate(redis: Redis, rule: RateRule, subject: string): Promise<void> {
  await redis.del(rateKey(rule, subject));
}
