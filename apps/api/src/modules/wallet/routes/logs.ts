import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  accountLogPageSchema,
  accountLogRequestSchema,
  accountLogSchema,
  laravelPageSchema,
  transferHistoryQuerySchema,
} from '@exchange/contracts';
import { currentUser } from '../../../http/auth';
import { answers, ok } from '../../../http/envelope';
import { accountLogPage } from '../logs';
import { transferHistory } from '../transfer-history';

const reader = (request: FastifyRequest) => ({ user: currentUser(request), locale: request.locale });

/** The caller's account log (form or query), and the transfer record. */
export function logRoutes(app: FastifyInstance): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const legalLog = async (request: FastifyRequest, input: z.output<typeof accountLogRequestSchema>) =>
    ok(await accountLogPage(app.prisma, reader(request), input));
  const logAnswer = answers(accountLogPageSchema);
  typed.post(
    '/api/wallet/legal_log',
    { schema: { body: accountLogRequestSchema, response: logAnswer }, onRequest: app.requireUser },
    (request) => legalLog(request, request.body),
  );
  typed.get(
    '/api/wallet/legal_log',
    { schema: { querystring: accountLogRequestSchema, response: logAnswer }, onRequest: app.requireUser },
    (request) => legalLog(request, request.query),
  );
  typed.get(
    '/api/wallet/hzhistory',
    {
      schema: {
        querystring: transferHistoryQuerySchema,
        response: answers(laravelPageSchema(accountLogSchema)),
      },
      onRequest: app.requireUser,
    },
    async (request) => ok(await transferHistory(app.prisma, reader(request), request.query)),
  );
}
