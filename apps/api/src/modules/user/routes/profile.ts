import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { answerSchema, authorizationCodeSchema, userCenterSchema, userInfoSchema } from '@exchange/contracts';
import { answers, ok } from '../../../http/envelope';
import { currentUser } from '../../../http/auth';
import { describeUser } from '../profile';

export function profileRoutes(app: FastifyInstance): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    '/api/user/info',
    { schema: { response: { 200: answerSchema(userInfoSchema) } }, onRequest: app.requireUser },
    async (request) => ({
      type: 'ok' as const,
      message: await describeUser(app, currentUser(request)),
    }),
  );

  typed.get(
    '/api/user/center',
    { schema: { response: { 200: answerSchema(userCenterSchema) } }, onRequest: app.requireUser },
    async (request) => {
      const user = currentUser(request);
      const identity = await app.prisma.identityVerification.findUnique({ where: { user_id: user.id } });
      return {
        type: 'ok' as const,
        message: {
          ...(await describeUser(app, user)),
          review_status: identity?.review_status ?? 0,
          name: identity?.name ?? '',
          card_id: identity ? `${identity.card_id.slice(0, 3)}********${identity.card_id.slice(-2)}` : '',
        },
      };
    },
  );

  app.get(
    '/api/user/authorization_code',
    { schema: { response: answers(authorizationCodeSchema) }, onRequest: app.requireUser },
    (request) => Promise.resolve(ok(currentUser(request).authorization_code)),
  );
}
