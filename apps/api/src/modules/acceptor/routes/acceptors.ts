import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { acceptorInfoQuerySchema, acceptorInfoSchema, acceptorSchema } from '@exchange/contracts';
import { currentUser } from '../../../http/auth';
import { answers, ok } from '../../../http/envelope';
import { acceptorInfo, activeAcceptors } from '../views';

/** The acceptors a user may deal with, and where to pay one. */
export function acceptorListRoutes(app: FastifyInstance): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get('/api/acceptor/list', { schema: { response: answers(z.array(acceptorSchema)) } }, async () =>
    ok(await activeAcceptors(app.prisma)),
  );

  typed.get(
    '/api/acceptor/info',
    {
      schema: { querystring: acceptorInfoQuerySchema, response: answers(acceptorInfoSchema) },
      onRequest: app.requireUser,
    },
    async (request) => ok(await acceptorInfo(app.prisma, currentUser(request).id, request.query.id)),
  );
}
