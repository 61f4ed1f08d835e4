import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { languageRequestSchema, sentenceSchema } from '@exchange/contracts';
import { LANGUAGE_COOKIE } from '@exchange/kernel/i18n';
import { answers, okMessage } from '../../../http/envelope';
import { setLanguage } from '../set-language';

/** `POST /api/set/lang`: the language of the answers, kept in a cookie (and on the user, when signed in). */
export function languageRoute(app: FastifyInstance): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/set/lang',
    {
      schema: { body: languageRequestSchema, response: answers(sentenceSchema) },
      onRequest: app.optionalUser,
    },
    async (request, reply) => {
      const lang = await setLanguage(app.prisma, request.user?.id, request.body.lang);
      request.locale = lang;
      void reply.header('set-cookie', `${LANGUAGE_COOKIE}=${lang}; Path=/; Max-Age=31536000; SameSite=Lax`);
      return okMessage(lang, 'language_set');
    },
  );
}
