import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import supertest from 'supertest';
import { CommitOutcomeUnknown, createPrisma } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import { createTestContext, type TestContext } from '../../../../test/harness';
import { buildApp } from '../app';
import { createMessenger } from '../modules/verification';
import { isServiceOutage } from './error-handler';

/** An error as a driver makes it: a message and the fields it sets. */
const failure = (message: string, fields: Record<string, unknown> = {}, name = 'Error') =>
  Object.assign(new Error(message), { name, ...fields });

describe('telling an outage from a bug', () => {
  it('counts unreachable servers, Prisma and Postgres connection failures and Redis giving up as outages', () => {
    const outages = [
      failure('connect ECONNREFUSED 127.0.0.1:5432', { code: 'ECONNREFUSED' }),
      failure("Can't reach database server at 127.0.0.1:5432", { code: 'P1001' }),
      failure('terminating connection due to administrator command', { code: '57P01', severity: 'FATAL' }),
      failure('the database system is starting up', { code: '57P03', severity: 'FATAL' }),
      failure('Connection terminated unexpectedly'),
      failure('Reached the max retries per request limit', {}, 'MaxRetriesPerRequestError'),
      new CommitOutcomeUnknown(failure('read ECONNRESET', { code: 'ECONNRESET' })),
    ];
    expect(outages.map(isServiceOutage)).toEqual(outages.map(() => true));
  });

  it('does not count a refused statement, a business refusal or a plain bug', () => {
    const others = [
      failure('duplicate key value violates unique constraint', { code: '23505', severity: 'ERROR' }),
      failure('new row violates check constraint', { code: '23514', severity: 'ERROR' }),
      new AppError('balance_insufficient'),
      new TypeError("Cannot read properties of undefined (reading 'id')"),
      'a thrown string',
    ];
    expect(others.map(isServiceOutage)).toEqual(others.map(() => false));
  });
});

describe('an API whose Postgres is out of reach', () => {
  let ctx: TestContext;
  let stranded: FastifyInstance;
  let strandedPrisma: ReturnType<typeof createPrisma>;
  const unreachable = 'postgresql://postgres@127.0.0.1:1/exchange';
  beforeAll(async () => {
    ctx = await createTestContext();
    strandedPrisma = createPrisma(unreachable, 1);
    stranded = await buildApp({
      config: ctx.config,
      prisma: strandedPrisma,
      redis: ctx.redis,
      redisUrl: ctx.redisUrl,
      databaseUrl: unreachable,
      messenger: createMessenger(strandedPrisma, { from: ctx.config.SMTP_FROM }),
    });
    await stranded.ready();
  });
  afterAll(async () => {
    await stranded.close();
    await strandedPrisma.$disconnect();
    await ctx.close();
  });

  it('answers 503 with Retry-After and an envelope in the caller’s language, never a 500', async () => {
    const login = await supertest(stranded.server)
      .post('/api/user/login')
      .set('lang', 'zh')
      .type('form')
      .send({ user_string: 'someone@example.com', password: 'Secret123' });
    expect(login.status).toBe(503);
    expect(login.headers['retry-after']).toBe('2');
    expect(login.body).toEqual({ type: 'error', message: '服务暂时不可用，请稍后重试' });
    const pairs = await supertest(stranded.server).get('/api/currency/quotation_new');
    expect(pairs.status).toBe(503);
    expect(pairs.body.type).toBe('error');
  });
});
