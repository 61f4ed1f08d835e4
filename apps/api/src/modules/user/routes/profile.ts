import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { answerSchema, authorizationCodeSchema, userCenterSchema, userInfoSchema } from '@exchange/contracts';
import { answers, ok } from '../../../http/envelope';
import { currentUser } from '../../../http/auth';
import { describeUser, describeUserCenter } from '../profile';

export function profileRoutes(app: FastifyInstance): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    '/api/user/info',
    { schema: { response: { 200: answerSchema(userInfoSchema) } }, onRequest: app.requireUser },
    async (request) => ok(await describeUser(app, currentUser(request))),
  );

  typed.get(
    '/api/user/center',
    { schema: { response: { 200: answerSchema(userCenterSchema) } }, onRequest: app.requireUser },
    async (request) => ok(await describeUserCenter(app, currentUser(request))),
  );

  app.get(
    '/api/user/authorization_code',
    { schema: { response: answers(authorizationCodeSchema) }, onRequest: app.requireUser },
    (request) => Promise.resolve(ok(currentUser(request).authorization_code)),
  );
}
