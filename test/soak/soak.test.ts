import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../harness';
import { describeReport, runSoak } from './soak';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** Every product must have been acknowledged at least once, or the slice proved nothing about it. */
const EXERCISED = [
  'ops deposit ok',
  'transfer ok',
  'spot limit order ok',
  'spot cancel ok',
  'withdrawal request ok',
  'ops withdrawal complete ok',
  'ops withdrawal reject ok',
  'lever open ok',
  'lever close ok',
  'seconds order ok',
  'c2c publish ok',
  'c2c take ok',
  'acceptor withdrawal ok',
];

describe('the money soak (a fixed-seed minute of npm run soak)', () => {
  it('loses and creates nothing, forgets no acknowledged action, and leaks no secret', async () => {
    const report = await runSoak({
      config: { ...ctx.config, LOG_LEVEL: 'info' },
      prisma: ctx.prisma,
      redis: ctx.redis,
      redisUrl: ctx.redisUrl,
      databaseUrl: ctx.databaseUrl,
      users: 4,
      durationMs: 60_000,
      seed: 14,
    });
    const printed = describeReport(report).join('\n');
    expect(report.failures, printed).toEqual([]);
    expect(report.missing, printed).toEqual([]);
    expect(report.audit.problems, printed).toEqual([]);
    expect(report.logLines).toBeGreaterThan(100);
    expect(
      EXERCISED.filter((answer) => !report.answers.has(answer)),
      printed,
    ).toEqual([]);
  }, 240_000);
});
