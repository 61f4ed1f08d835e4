import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  leverBatchCloseRequestSchema,
  leverPositionRequestSchema,
  type LeverClosedPush,
} from '@exchange/contracts';
import { userRoom } from '@exchange/kernel/realtime';
import { currentUser } from '../../../http/auth';
import { answers, okMessage } from '../../../http/envelope';
import { cancelEntrust } from '../cancel-entrust';
import { batchClose, closePosition } from '../close-position';
import type { LeverRoutes } from './context';

/** `POST /api/lever/close`, `/cancel` and `/batch_close`; each tells the owner's screens what left. */
export function closeRoutes(app: FastifyInstance, { deps }: LeverRoutes): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const announceClosed = (userId: number, ids: string[]) => {
    const push: LeverClosedPush = { type: 'lever_closed', to: userId, id: ids.map(Number) };
    if (ids.length > 0) app.io.to(userRoom(userId)).emit('lever_closed', push);
  };
  const options = { body: leverPositionRequestSchema, response: answers(z.string()) };

  typed.post('/api/lever/close', { schema: options, onRequest: app.requireUser }, async (request) => {
    const user = currentUser(request);
    const settled = await closePosition(deps, user.id, BigInt(request.body.id));
    announceClosed(user.id, [settled.id]);
    return okMessage(request.locale, 'lever_closed');
  });

  typed.post('/api/lever/cancel', { schema: options, onRequest: app.requireUser }, async (request) => {
    const user = currentUser(request);
    await cancelEntrust(deps, user.id, BigInt(request.body.id));
    announceClosed(user.id, [String(request.body.id)]);
    return okMessage(request.locale, 'lever_cancelled');
  });

  typed.post(
    '/api/lever/batch_close',
    {
      schema: { body: leverBatchCloseRequestSchema, response: answers(z.string()) },
      onRequest: app.requireUser,
    },
    async (request) => {
      const user = currentUser(request);
      const closed = await batchClose(deps, user.id, {
        type: request.body.type,
        legalId: request.body.legal_id,
        currencyId: request.body.currency_id,
      });
      announceClosed(user.id, closed);
      return okMessage(request.locale, 'lever_batch_submitted');
    },
  );
}
