import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envConfigSchema } from '@exchange/contracts';
import { AppError } from '@exchange/kernel/errors';
import { isLocale, LANGUAGE_COOKIE } from '@exchange/kernel/i18n';
import { form, optionalText } from '@exchange/contracts';
import { isOn, readSettings } from './settings';
import { okMessage } from '../../http/envelope';

const langBody = form({ lang: optionalText(8) });

export function systemRoutes(app: FastifyInstance): void {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/api/env.json', { schema: { response: { 200: envConfigSchema } } }, async () => {
      const settings = await readSettings(app.prisma);
      // socket.io shares the API's port (path /wss/), so the client connects back to where it loaded from.
      return {
        socket_io_port: app.config.PORT,
        is_demo: isOn(settings.is_demo),
        login_need_smscode: isOn(settings.login_need_smscode),
      };
    });

  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      '/api/set/lang',
      { schema: { body: langBody }, onRequest: app.optionalUser },
      async (request, reply) => {
        const { lang } = request.body;
        if (!isLocale(lang)) throw new AppError('language_unsupported');
        request.locale = lang;
        void reply.header('set-cookie', `${LANGUAGE_COOKIE}=${lang}; Path=/; Max-Age=31536000; SameSite=Lax`);
        if (request.user)
          await app.prisma.user.update({ where: { id: request.user.id }, data: { locale: lang } });
        return okMessage(lang, 'language_set');
      },
    );
}
