import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { answerSchema, regionUsersQuerySchema, regionUsersSchema } from '@exchange/contracts';
import { currentUser } from '../../../http/auth';
import { ok } from '../../../http/envelope';
import { regionUsers } from '../agents';

export function regionRoutes(app: FastifyInstance): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/user/region_users',
    {
      schema: {
        querystring: regionUsersQuerySchema,
        response: { 200: answerSchema(regionUsersSchema) },
      },
      onRequest: app.requireUser,
    },
    async (request) => ok(await regionUsers(app.prisma, currentUser(request).id, request.query.page)),
  );
}
