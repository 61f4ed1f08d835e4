import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { recordPageSchema, recordRequestSchema } from '@exchange/contracts';
import { currentUser } from '../../../http/auth';
import { answers, ok } from '../../../http/envelope';
import { depositWithdrawalRecords } from '../records';

/** `POST /api/wallet/out_log`: the caller's deposit or withdrawal records, newest first. */
export function recordRoute(app: FastifyInstance): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/wallet/out_log',
    {
      schema: { body: recordRequestSchema, response: answers(recordPageSchema) },
      onRequest: app.requireUser,
    },
    async (request) => ok(await depositWithdrawalRecords(app.prisma, currentUser(request).id, request.body)),
  );
}
