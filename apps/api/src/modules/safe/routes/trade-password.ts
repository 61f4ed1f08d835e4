import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  judgePasswordAnswerSchema,
  judgePasswordRequestSchema,
  passwordChangeRequestSchema,
  sentenceSchema,
} from '@exchange/contracts';
import { currentUser } from '../../../http/auth';
import { answers, ok, okMessage } from '../../../http/envelope';
import { setTradePassword } from '../set-trade-password';
import { assertTradePassword } from '../trade-password';

/** `POST /api/safe/trade_password` sets it; `POST /api/safe/judge_password` tells whether one is set, or checks it. */
export function tradePasswordRoutes(app: FastifyInstance): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post(
    '/api/safe/trade_password',
    {
      schema: { body: passwordChangeRequestSchema, response: answers(sentenceSchema) },
      onRequest: app.requireUser,
    },
    async (request) => {
      const deps = { prisma: app.prisma, secret: app.config.APP_SECRET };
      await setTradePassword(deps, currentUser(request), request.body);
      return okMessage(request.locale, 'trade_password_set');
    },
  );

  // Checking is rate limited like every trade password check.
  typed.post(
    '/api/safe/judge_password',
    {
      schema: { body: judgePasswordRequestSchema, response: answers(judgePasswordAnswerSchema) },
      onRequest: app.requireUser,
    },
    async (request) => {
      const user = currentUser(request);
      if (!request.body.password)
        return ok({ is_set: user.trade_password_hash ? (1 as const) : (0 as const) });
      await assertTradePassword(app.redis, user, request.body.password);
      return okMessage(request.locale, 'trade_password_correct');
    },
  );
}
