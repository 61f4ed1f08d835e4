import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { leverStopRequestSchema, leverSubmitRequestSchema } from '@exchange/contracts';
import { currentUser } from '../../../http/auth';
import { answers, okMessage } from '../../../http/envelope';
import { setStop } from '../set-stop';
import { submitPosition } from '../submit-position';
import type { LeverRoutes } from './context';

/** `POST /api/lever/submit` (open or place an entrust) and `POST /api/lever/setstop` (a position's stops). */
export function submitRoutes(app: FastifyInstance, { deps }: LeverRoutes): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post(
    '/api/lever/submit',
    {
      schema: { body: leverSubmitRequestSchema, response: answers(z.string()) },
      onRequest: app.requireUser,
    },
    async (request) => {
      const { body } = request;
      await submitPosition(deps, currentUser(request), {
        legalId: body.legal_id,
        currencyId: body.currency_id,
        type: body.type,
        share: body.share,
        multiple: body.multiple,
        status: body.status,
        targetPrice: body.target_price,
        password: body.password,
      });
      return okMessage(request.locale, 'lever_submitted');
    },
  );
  typed.post(
    '/api/lever/setstop',
    {
      schema: { body: leverStopRequestSchema, response: answers(z.string()) },
      onRequest: app.requireUser,
    },
    async (request) => {
      await setStop(deps, currentUser(request).id, {
        id: BigInt(request.body.id),
        targetProfit: request.body.target_profit_price,
        stopLoss: request.body.stop_loss_price,
      });
      return okMessage(request.locale, 'lever_stop_set');
    },
  );
}
