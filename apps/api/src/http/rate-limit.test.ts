import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { AppError } from '@exchange/kernel/errors';
import { createRedis } from '@exchange/kernel/redis';
import { apiMetrics } from './metrics';
import { clearRate, compareWithinLimit, consumeRate, RedisScript, type RateRule } from './rate-limit';

/** The rate limits against the tests' Redis, every key under a prefix of this file's own. */
const prefix = `test:rate:${randomBytes(5).toString('hex')}:`;
let redis: Redis;
beforeAll(() => {
  redis = createRedis(inject('services').redisUrl, prefix);
});
afterAll(async () => {
  // ioredis does not prefix KEYS patterns, but it does prefix the names DEL is given.
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys.map((key) => key.slice(prefix.length)));
  redis.disconnect();
});

let rules = 0;
/** A rule of its own for each test, so no test sees another's attempts. */
const ruleOf = (limit: number, windowSeconds = 60): RateRule => {
  rules += 1;
  return { name: `rule${rules}`, limit, windowSeconds };
};

/** Whether an attempt got through (`passed`) or was refused by its limit (`limited`); anything else throws. */
async function outcomeOf(attempt: Promise<unknown>): Promise<'passed' | 'limited'> {
  try {
    await attempt;
    return 'passed';
  } catch (error) {
    if (error instanceof AppError && error.key === 'too_many_requests') return 'limited';
    throw error;
  }
}

const refusalsCounted = async (rule: RateRule) =>
  (await apiMetrics.rateLimited.get()).values.find((value) => value.labels.rule === rule.name)?.value ?? 0;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('consumeRate', () => {
  it('lets exactly `limit` attempts of a window through, and a refused attempt takes no slot', async () => {
    const rule = ruleOf(3);
    const outcomes = [];
    for (let attempt = 0; attempt < 5; attempt += 1)
      outcomes.push(await outcomeOf(consumeRate(redis, rule, 'a')));
    expect(outcomes).toEqual(['passed', 'passed', 'passed', 'limited', 'limited']);
    expect(await redis.get(`rate:${rule.name}:a`)).toBe('3');
    expect(await refusalsCounted(rule)).toBe(2);
  });

  it('lets no more than `limit` of many attempts at once through', async () => {
    const rule = ruleOf(5);
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, () => outcomeOf(consumeRate(redis, rule, 'burst'))),
    );
    expect(outcomes.filter((outcome) => outcome === 'passed')).toHaveLength(5);
  });

  it('counts each subject and each rule on its own', async () => {
    const rule = ruleOf(1);
    const other = ruleOf(1);
    expect(await outcomeOf(consumeRate(redis, rule, 'a'))).toBe('passed');
    expect(await outcomeOf(consumeRate(redis, rule, 'a'))).toBe('limited');
    expect(await outcomeOf(consumeRate(redis, rule, 'b'))).toBe('passed');
    expect(await outcomeOf(consumeRate(redis, other, 'a'))).toBe('passed');
  });

  it('keeps a fixed window from the first attempt: later attempts do not extend it, and it ends', async () => {
    const rule = ruleOf(2, 1);
    await consumeRate(redis, rule, 'a');
    const key = `rate:${rule.name}:a`;
    const firstTtl = await redis.pttl(key);
    expect(firstTtl).toBeGreaterThan(500);
    expect(firstTtl).toBeLessThanOrEqual(1000);
    await sleep(300);
    await consumeRate(redis, rule, 'a');
    expect(await redis.pttl(key)).toBeLessThanOrEqual(firstTtl - 200);
    expect(await outcomeOf(consumeRate(redis, rule, 'a'))).toBe('limited');
    await sleep(800);
    expect(await outcomeOf(consumeRate(redis, rule, 'a'))).toBe('passed');
  });

  it('forgets the attempts of a subject when cleared (after a success that proves the caller)', async () => {
    const rule = ruleOf(1);
    await consumeRate(redis, rule, 'a');
    await consumeRate(redis, rule, 'b');
    await clearRate(redis, rule, 'a');
    expect(await outcomeOf(consumeRate(redis, rule, 'a'))).toBe('passed');
    expect(await outcomeOf(consumeRate(redis, rule, 'b'))).toBe('limited');
  });
});

describe('RedisScript', () => {
  it('sends the script in full only when Redis does not know it yet, then runs it by its SHA', async () => {
    // A script no Redis server has seen: its first run is refused by SHA (NOSCRIPT) and sent in full.
    const script = new RedisScript(`-- ${prefix}\nreturn redis.call('INCR', KEYS[1])`);
    const sentInFull = vi.spyOn(redis, 'eval');
    try {
      expect(await script.run(redis, ['script'], [])).toBe(1);
      expect(sentInFull).toHaveBeenCalledTimes(1);
      expect(await script.run(redis, ['script'], [])).toBe(2);
      expect(sentInFull).toHaveBeenCalledTimes(1);
    } finally {
      sentInFull.mockRestore();
    }
  });

  it('surfaces any error other than NOSCRIPT without running the script a second time', async () => {
    // Counts its run, then fails on a key of the wrong type (Redis keeps what a failed script did).
    const script = new RedisScript(
      `-- ${prefix}\nredis.call('INCR', KEYS[1])\nreturn redis.call('HGET', KEYS[2], 'field')`,
    );
    await redis.hset('runs-hash', 'field', 'ok');
    expect(await script.run(redis, ['runs', 'runs-hash'], [])).toBe('ok');
    await redis.set('runs-string', 'not a hash');
    await expect(script.run(redis, ['runs', 'runs-string'], [])).rejects.toThrow(/WRONGTYPE/);
    expect(await redis.get('runs')).toBe('2');
  });
});

describe('compareWithinLimit', () => {
  /** A comparison that answers `right` after `ms`, counting how many were ever run. */
  const comparer = (right: boolean, ms = 0) => {
    const counter = { compared: 0 };
    const compare = async () => {
      counter.compared += 1;
      await sleep(ms);
      return right;
    };
    return { counter, compare };
  };

  it('compares at most `limit` wrong guesses a window, and refuses the next without comparing', async () => {
    const rule = ruleOf(3);
    const wrong = comparer(false);
    const outcomes = [];
    for (let guess = 0; guess < 4; guess += 1)
      outcomes.push(await outcomeOf(compareWithinLimit(redis, rule, 'a', wrong.compare)));
    expect(outcomes).toEqual(['passed', 'passed', 'passed', 'limited']);
    expect(wrong.counter.compared).toBe(3);
    // Refused once the wrong guesses are used up, a right guess too, at once: there is no place to wait for.
    const right = comparer(true);
    const asked = Date.now();
    expect(await outcomeOf(compareWithinLimit(redis, rule, 'a', right.compare))).toBe('limited');
    expect(Date.now() - asked).toBeLessThan(2_000);
    expect(right.counter.compared).toBe(0);
    expect(await refusalsCounted(rule)).toBe(2);
  });

  it('answers whether the guess was right, and a right guess forgets the wrong ones of the window', async () => {
    const rule = ruleOf(2);
    expect(await compareWithinLimit(redis, rule, 'a', comparer(false).compare)).toBe(false);
    expect(await compareWithinLimit(redis, rule, 'a', comparer(true).compare)).toBe(true);
    expect(await compareWithinLimit(redis, rule, 'a', comparer(false).compare)).toBe(false);
    expect(await compareWithinLimit(redis, rule, 'a', comparer(false).compare)).toBe(false);
    expect(await outcomeOf(compareWithinLimit(redis, rule, 'a', comparer(true).compare))).toBe('limited');
  });

  it('counts the wrong guesses in a window that ends', async () => {
    const rule = ruleOf(1, 1);
    await compareWithinLimit(redis, rule, 'a', comparer(false).compare);
    expect(await redis.pttl(`rate:${rule.name}:a`)).toBeGreaterThan(500);
    expect(await outcomeOf(compareWithinLimit(redis, rule, 'a', comparer(true).compare))).toBe('limited');
    await sleep(1100);
    expect(await compareWithinLimit(redis, rule, 'a', comparer(true).compare)).toBe(true);
  });

  it('never refuses right guesses arriving at once: they wait for a place held by a running comparison', async () => {
    const rule = ruleOf(2);
    const right = comparer(true, 30);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => compareWithinLimit(redis, rule, 'a', right.compare)),
    );
    expect(answers).toEqual(Array.from({ length: 8 }, () => true));
    expect(right.counter.compared).toBe(8);
  });

  it('compares no more than `limit` of many wrong guesses arriving at once', async () => {
    const rule = ruleOf(3);
    const wrong = comparer(false, 20);
    const outcomes = await Promise.all(
      Array.from({ length: 12 }, () => outcomeOf(compareWithinLimit(redis, rule, 'a', wrong.compare))),
    );
    expect(outcomes.filter((outcome) => outcome === 'passed')).toHaveLength(3);
    expect(wrong.counter.compared).toBe(3);
  });

  it('gives up waiting for a place after ten seconds, and then refuses without comparing', async () => {
    const rule = ruleOf(1);
    // The only place is held by a comparison still running (for the next half minute).
    const [seconds] = await redis.time();
    await redis.zadd(`rate:${rule.name}:a:comparing`, Number(seconds) * 1000 + 30_000, 'running');
    const right = comparer(true);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    try {
      const guess = outcomeOf(compareWithinLimit(redis, rule, 'a', right.compare));
      await sleep(100);
      vi.setSystemTime(Date.now() + 9_000);
      await sleep(300);
      expect(right.counter.compared).toBe(0);
      vi.setSystemTime(Date.now() + 1_000);
      expect(await guess).toBe('limited');
    } finally {
      vi.useRealTimers();
    }
    expect(right.counter.compared).toBe(0);
  });

  it('gives the place back when a comparison fails, without counting a wrong guess', async () => {
    const rule = ruleOf(1);
    const failing = async () => Promise.reject(new Error('hash service down'));
    await expect(compareWithinLimit(redis, rule, 'a', failing)).rejects.toThrow('hash service down');
    expect(await redis.zcard(`rate:${rule.name}:a:comparing`)).toBe(0);
    expect(await compareWithinLimit(redis, rule, 'a', comparer(false).compare)).toBe(false);
  });

  it('holds a place while comparing, and frees the place of a comparison whose process died', async () => {
    const rule = ruleOf(1);
    const comparing = `rate:${rule.name}:a:comparing`;
    let heldDuringComparison = 0;
    await compareWithinLimit(redis, rule, 'a', async () => {
      heldDuringComparison = await redis.zcard(comparing);
      return true;
    });
    expect(heldDuringComparison).toBe(1);
    expect(await redis.zcard(comparing)).toBe(0);
    // A place whose holder died: its time ran out a moment ago, so it no longer counts.
    const [seconds] = await redis.time();
    await redis.zadd(comparing, Number(seconds) * 1000 - 1, 'dead');
    expect(await compareWithinLimit(redis, rule, 'a', comparer(true).compare)).toBe(true);
  });
});
