import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { bindEmailRequestSchema, bindMobileRequestSchema, sentenceSchema } from '@exchange/contracts';
import { currentUser } from '../../../http/auth';
import { answers, okMessage } from '../../../http/envelope';
import { bindEmail, bindPhone } from '../bind-contact';

/** `POST /api/safe/mobile` and `/api/safe/email`: bind a phone or an e-mail proven by a code sent to it. */
export function bindingRoutes(app: FastifyInstance): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const deps = { prisma: app.prisma, secret: app.config.APP_SECRET };
  typed.post(
    '/api/safe/mobile',
    {
      schema: { body: bindMobileRequestSchema, response: answers(sentenceSchema) },
      onRequest: app.requireUser,
    },
    async (request) => {
      await bindPhone(deps, currentUser(request).id, request.body);
      return okMessage(request.locale, 'saved');
    },
  );
  typed.post(
    '/api/safe/email',
    {
      schema: { body: bindEmailRequestSchema, response: answers(sentenceSchema) },
      onRequest: app.requireUser,
    },
    async (request) => {
      await bindEmail(deps, currentUser(request).id, request.body);
      return okMessage(request.locale, 'email_bound');
    },
  );
}
