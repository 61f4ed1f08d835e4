import { createHash, randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import type { Redis } from 'ioredis';
import { AppError } from '@exchange/kernel/errors';
import { apiMetrics } from './metrics';

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
 * Answers the slots taken so far (this one included), or 0 when it refused.
 */
const takeSlot = new RedisScript(`
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count >= tonumber(ARGV[1]) then return 0 end
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
  if (taken === 0) throw limited(rule);
}

/** The refusal of an attempt beyond a rule's limit, counted by rule. */
function limited(rule: RateRule): AppError {
  apiMetrics.rateLimited.inc({ rule: rule.name });
  return new AppError('too_many_requests');
}

/** Forgets the attempts counted against a rule (after a success that proves the caller). */
export async function clearRate(redis: Redis, rule: RateRule, subject: string): Promise<void> {
  await redis.del(rateKey(rule, subject));
}

/**
 * Takes a place for one comparison of a secret, in one step: {-1} when the window's wrong guesses are used
 * up, {0} while every other place is held by a comparison still running, {1} once taken. A comparison holds
 * its place in a sorted set until it settles, or until `staleMs` passed (its process died mid-way).
 */
const takeComparison = new RedisScript(`
local now = redis.call('TIME')
local nowMs = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', nowMs)
local wrong = tonumber(redis.call('GET', KEYS[1]) or '0')
local limit = tonumber(ARGV[1])
if wrong >= limit then return -1 end
if wrong + redis.call('ZCARD', KEYS[2]) >= limit then return 0 end
redis.call('ZADD', KEYS[2], nowMs + tonumber(ARGV[3]), ARGV[2])
redis.call('PEXPIRE', KEYS[2], ARGV[3])
return 1
`);

/** Gives a comparison's place back; a wrong guess is counted in the window, a right one forgets them all. */
const settleComparison = new RedisScript(`
redis.call('ZREM', KEYS[2], ARGV[1])
if ARGV[2] == 'right' then
  redis.call('DEL', KEYS[1])
elseif ARGV[2] == 'wrong' then
  if redis.call('INCR', KEYS[1]) == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[3]) end
end
return 0
`);

const COMPARISON_STALE_MS = 30_000;
const PLACE_WAIT_MS = 10_000;

/**
 * Compares a secret under a limit on WRONG guesses (`rule.limit` per window per subject), never refusing a
 * right one because others arrived with it. Like every limit here, the guess takes its place before the
 * secret is compared, in one Redis step, counting the wrong guesses of the window and the comparisons still
 * running: at most `rule.limit` wrong guesses are ever compared per window, however many arrive at once and
 * at however many API processes. A wrong guess keeps its place for the window, a right one gives it back
 * and forgets the wrong ones; a guess that finds the free places all taken by running comparisons waits for
 * one to come back (a right password comparing takes tens of milliseconds), and is refused with
 * `too_many_requests` only once the window's wrong guesses are used up.
 */
export async function compareWithinLimit(
  redis: Redis,
  rule: RateRule,
  subject: string,
  compare: () => Promise<boolean>,
): Promise<boolean> {
  const keys = [rateKey(rule, subject), `${rateKey(rule, subject)}:comparing`];
  const guess = randomUUID();
  const giveUpAt = Date.now() + PLACE_WAIT_MS;
  // Stryker disable next-line MethodExpression,ArithmeticOperator: how long a waiting guess pauses is pure speed.
  for (let pauseMs = 5; ; pauseMs = Math.min(pauseMs * 2, 100)) {
    const taken = Number(await takeComparison.run(redis, keys, [rule.limit, guess, COMPARISON_STALE_MS]));
    if (taken === 1) break;
    // The window's wrong guesses are used up: refused at once, no waiting.
    if (taken === -1) throw limited(rule);
    // Stryker disable next-line EqualityOperator: giving up 1 ms later is no rule (excludes `<` too, caught before).
    if (Date.now() >= giveUpAt) throw limited(rule);
    await delay(pauseMs);
  }
  // Stryker disable next-line StringLiteral: the settling script gives back the place of any outcome but right/wrong.
  let outcome: 'right' | 'wrong' | 'unknown' = 'unknown';
  try {
    outcome = (await compare()) ? 'right' : 'wrong';
    return outcome === 'right';
  } finally {
    await settleComparison.run(redis, keys, [guess, outcome, rule.windowSeconds * 1000]);
  }
}
