import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { depositListSchema, savingsPlanSchema } from '@exchange/contracts';
import { poolSql } from '@exchange/kernel/db';
import { currentUser } from '../../../http/auth';
import { answers, ok } from '../../../http/envelope';
import { openPlans, planView } from '../plans';
import { depositBalances } from '../records';

/** `GET /api/wallet/deposit_setup` (the open plans) and `POST /api/wallet/depositlist` (what can go in). */
export function planRoutes(app: FastifyInstance): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const sql = poolSql(app.pg);
  typed.get(
    '/api/wallet/deposit_setup',
    { schema: { response: answers(z.array(savingsPlanSchema)) }, onRequest: app.requireUser },
    async () => ok((await openPlans(sql)).map(planView)),
  );
  typed.post(
    '/api/wallet/depositlist',
    { schema: { response: answers(depositListSchema) }, onRequest: app.requireUser },
    async (request) =>
      ok({ deposit_wallet: { balance: await depositBalances(sql, currentUser(request).id) } }),
  );
}
