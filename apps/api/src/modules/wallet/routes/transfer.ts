import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { transferRequestSchema } from '@exchange/contracts';
import { currentUser } from '../../../http/auth';
import { answers, okMessage } from '../../../http/envelope';
import { transferByForm, type TransferGuard } from '../transfer';

/** `POST /api/wallet/change`: moves funds between two of the caller's accounts, past the other areas' guards. */
export function transferRoute(app: FastifyInstance, guards: TransferGuard[]): void {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      '/api/wallet/change',
      { schema: { body: transferRequestSchema, response: answers(z.string()) }, onRequest: app.requireUser },
      async (request) => {
        await transferByForm(app.prisma, currentUser(request).id, request.body, guards);
        return okMessage(request.locale, 'transfer_done');
      },
    );
}
