import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  answerSchema,
  depositListSchema,
  savingsPlanSchema,
  savingsRecordPageSchema,
} from '@exchange/contracts';
import { AppError } from '@exchange/kernel/errors';
import { parseAmount, toAmountString } from '@exchange/kernel/ledger';
import { currentUser } from '../../http/auth';
import { okMessage } from '../../http/envelope';
import { laravelPaginator } from '../../http/pagination';
import { poolSql } from '@exchange/kernel/db';
import { assertTradePassword } from '../safe';
import { openHolding } from './holdings';
import { findOpenPlan, openPlans, planView } from './plans';
import { SavingsJobs } from './queue';
import { depositBalances, holdingRecords } from './records';
import { listBody, submitBody } from './schemas';

export type Clock = () => Date;

/** The deposit-savings calls of document 3: plans, depositable balances, deposit, my deposits. */
export function savingsRoutes(app: FastifyInstance, redisUrl: string, clock: Clock = () => new Date()): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const sql = poolSql(app.pg);
  const jobs = new SavingsJobs(redisUrl, app.config.REDIS_PREFIX);
  app.addHook('onClose', () => jobs.close());

  typed.get(
    '/api/wallet/deposit_setup',
    { schema: { response: { 200: answerSchema(z.array(savingsPlanSchema)) } }, onRequest: app.requireUser },
    async () => ({
      type: 'ok' as const,
      message: (await openPlans(sql)).map(planView),
    }),
  );

  typed.post(
    '/api/wallet/depositlist',
    { schema: { response: { 200: answerSchema(depositListSchema) } }, onRequest: app.requireUser },
    async (request) => ({
      type: 'ok' as const,
      message: { deposit_wallet: { balance: await depositBalances(sql, currentUser(request).id) } },
    }),
  );

  typed.post(
    '/api/record/submit',
    { schema: { body: submitBody, response: { 200: answerSchema(z.string()) } }, onRequest: app.requireUser },
    async (request) => {
      const user = currentUser(request);
      const { body } = request;
      const plan = await findOpenPlan(sql, body.set_id, body.currency_id);
      const amount = parseAmount(body.balance, plan.decimals);
      if (amount.lt(plan.saveMin))
        throw new AppError('savings_below_min', {
          min: toAmountString(plan.saveMin),
          currency: plan.currencyName,
        });
      if (body.password === '') throw new AppError('trade_password_required');
      await assertTradePassword(app.redis, user, body.password);
      const now = clock();
      const holding = await openHolding(app.pg, user.id, { plan, amount }, now);
      await jobs
        .scheduleMaturity(holding.id, holding.endAt, now)
        .catch((error: unknown) =>
          app.log.error({ err: error, holding: holding.id }, 'savings maturity not scheduled'),
        );
      return okMessage(request.locale, 'savings_submitted');
    },
  );

  typed.post(
    '/api/record/lists',
    {
      schema: { body: listBody, response: { 200: answerSchema(savingsRecordPageSchema) } },
      onRequest: app.requireUser,
    },
    async (request) => {
      const { page, limit } = request.body;
      const records = await holdingRecords(sql, currentUser(request).id, page, limit, request.locale);
      return {
        type: 'ok' as const,
        message: laravelPaginator(records.rows, records.total, page, limit, '/api/record/lists'),
      };
    },
  );
}
