import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  savingsRecordPageSchema,
  savingsRecordsRequestSchema,
  savingsSubmitRequestSchema,
} from '@exchange/contracts';
import { poolSql } from '@exchange/kernel/db';
import { currentUser } from '../../../http/auth';
import { answers, ok, okMessage } from '../../../http/envelope';
import { deposit, type DepositDeps } from '../deposit';
import { holdingRecords } from '../records';

/** `POST /api/record/submit` (a deposit) and `POST /api/record/lists` (my deposits). */
export function recordRoutes(app: FastifyInstance, deps: DepositDeps): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post(
    '/api/record/submit',
    {
      schema: { body: savingsSubmitRequestSchema, response: answers(z.string()) },
      onRequest: app.requireUser,
    },
    async (request) => {
      await deposit(deps, currentUser(request), request.body, new Date());
      return okMessage(request.locale, 'savings_submitted');
    },
  );
  typed.post(
    '/api/record/lists',
    {
      schema: { body: savingsRecordsRequestSchema, response: answers(savingsRecordPageSchema) },
      onRequest: app.requireUser,
    },
    async (request) => {
      const { page, limit } = request.body;
      return ok(await holdingRecords(poolSql(app.pg), currentUser(request).id, page, limit, request.locale));
    },
  );
}
