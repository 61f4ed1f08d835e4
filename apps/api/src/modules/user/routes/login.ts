import { loginAnswerSchema } from '@exchange/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser } from '../../../http/auth';
import { loginRequestSchema, sentenceSchema } from '@exchange/contracts';
import { isOn, readSetting } from '../../system';
import { tokenFromHeader } from '../../../http/sessions';
import { revokeSession } from '../sessions';
import { answers, okMessage } from '../../../http/envelope';
import { signIn } from '../login';

export function loginRoutes(app: FastifyInstance): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.post(
    '/api/user/login',
    { schema: { body: loginRequestSchema, response: { 200: loginAnswerSchema } } },
    async (request) =>
      signIn(app, request, request.body, isOn(await readSetting(app.prisma, 'login_need_smscode'))),
  );

  // The points-exchange login variant: account and password only.
  typed.post(
    '/api/Independent/points',
    { schema: { body: loginRequestSchema, response: { 200: loginAnswerSchema } } },
    (request) => signIn(app, request, { ...request.body, sms_code: '' }, false),
  );

  // Logout reads nothing from its body, so it takes any body of any content type: a client that sends
  // text/plain (or anything Fastify has no parser for) must still end its session, not get a 415.
  void app.register((scope, _options, done) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, _body, parsed) => parsed(null));
    scope.route({
      method: ['GET', 'POST'],
      url: '/api/user/logout',
      schema: { response: answers(sentenceSchema) },
      onRequest: app.requireUser,
      handler: async (request) => {
        currentUser(request);
        const token = tokenFromHeader(request.headers.authorization);
        if (token) {
          await revokeSession(app.prisma, token);
          await app.sessions.revokeToken(token);
        }
        return okMessage(request.locale, 'logged_out');
      },
    });
    done();
  });
}
