import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answerSchema, regionUsersSchema } from '@exchange/contracts';
import { currentUser } from '../../../http/auth';
import { pageField } from '@exchange/contracts';
import { regionUsers } from '../agents';

export function regionRoutes(app: FastifyInstance): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/user/region_users',
    {
      schema: {
        querystring: z.object({ page: pageField }),
        response: { 200: answerSchema(regionUsersSchema) },
      },
      onRequest: app.requireUser,
    },
    async (request) => ({
      type: 'ok' as const,
      message: await regionUsers(app.prisma, currentUser(request).id, request.query.page),
    }),
  );
}
