import type { Redis } from 'ioredis';
import { AppError } from '@exchange/kernel/errors';
import { RedisScript } from '../../http/rate-limit';

/**
 * The limits on password guessing at sign-in, kept in Redis so they hold across every API process:
 *
 * - per account and address: at most PER_ADDRESS.limit wrong passwords per window. This is the hard limit
 *   the original design had per account; keyed by address too, a stranger's guesses no longer lock the
 *   owner out.
 * - per account, from every address: the first ACCOUNT.free wrong passwords cost nothing more; after that
 *   each guess must wait for the one before it by a delay that doubles from ACCOUNT.firstDelayMs up to
 *   ACCOUNT.maxDelayMs, and only one guess passes each wait. Guesses spread over many addresses are slowed
 *   down to a trickle, yet the owner is only ever asked to wait, never locked out; and a sign-in that
 *   carries a valid verification code for the account (proof of its phone or e-mail) skips the wait.
 *
 * A guess takes its slot in both before the password hash is compared, in one Redis script, so no
 * concurrency gets more guesses compared than the limits allow. A failed guess keeps its slots; a sign-in
 * gives the account's back and clears the address's. A password reset forgets the account's guesses.
 */
export const PER_ADDRESS = { limit: 10, windowMs: 15 * 60_000 };
export const ACCOUNT = { free: 10, firstDelayMs: 1_000, maxDelayMs: 60_000, windowMs: 60 * 60_000 };

export const addressKey = (account: string, ip: string) => `rate:login-failed:${account}|${ip}`;
export const accountKey = (account: string) => `rate:login-account:${account}`;
/** Present while the account's delay runs: no guess at it is compared until it expires. */
export const gateKey = (account: string) => `rate:login-gate:${account}`;

/** Answers {0} (slot taken), {1, ms} (address limit used up for ms) or {2, ms} (the account's wait). */
const takeGuess = new RedisScript(`
local perAddress = tonumber(redis.call('GET', KEYS[1]) or '0')
if perAddress >= tonumber(ARGV[1]) then
  return {1, math.max(redis.call('PTTL', KEYS[1]), 1)}
end
if ARGV[7] ~= '1' then
  local guesses = tonumber(redis.call('GET', KEYS[2]) or '0')
  local free = tonumber(ARGV[3])
  if guesses >= free then
    local wait = redis.call('PTTL', KEYS[3])
    if wait > 0 then return {2, wait} end
    local delay = math.min(tonumber(ARGV[5]) * 2 ^ math.min(guesses - free, 30), tonumber(ARGV[6]))
    redis.call('SET', KEYS[3], '1', 'PX', math.floor(delay))
  end
end
if redis.call('INCR', KEYS[1]) == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
redis.call('INCR', KEYS[2])
redis.call('PEXPIRE', KEYS[2], ARGV[4])
return {0, 0}
`);

const giveBack = new RedisScript(`
redis.call('DEL', KEYS[1])
if tonumber(redis.call('GET', KEYS[2]) or '0') > 0 then redis.call('DECR', KEYS[2]) end
return 0
`);

/**
 * Takes the slots of one password guess, or refuses it before anything is compared: `too_many_requests`
 * when this address used up its guesses on the account, `login_wait` while the account's delay runs.
 * `provenByCode` (a valid verification code came with the sign-in) skips the account's delay.
 */
export async function takeLoginGuess(
  redis: Redis,
  guess: { account: string; ip: string; provenByCode: boolean },
): Promise<void> {
  const answer = (await takeGuess.run(
    redis,
    [addressKey(guess.account, guess.ip), accountKey(guess.account), gateKey(guess.account)],
    [
      PER_ADDRESS.limit,
      PER_ADDRESS.windowMs,
      ACCOUNT.free,
      ACCOUNT.windowMs,
      ACCOUNT.firstDelayMs,
      ACCOUNT.maxDelayMs,
      guess.provenByCode ? '1' : '0',
    ],
  )) as [number, number];
  const [refusal, waitMs] = answer;
  if (refusal === 1) throw new AppError('too_many_requests');
  if (refusal === 2) throw new AppError('login_wait', { seconds: Math.max(1, Math.ceil(waitMs / 1000)) });
}

/** After a successful sign-in: the guess was no guess, and this address starts afresh on the account. */
export async function returnLoginGuess(redis: Redis, account: string, ip: string): Promise<void> {
  await giveBack.run(redis, [addressKey(account, ip), accountKey(account)], []);
}

/** After a password reset: earlier guesses were at a password that no longer exists. */
export async function forgetLoginGuesses(redis: Redis, account: string, ip: string): Promise<void> {
  await redis.del(addressKey(account, ip), accountKey(account), gateKey(account));
}
