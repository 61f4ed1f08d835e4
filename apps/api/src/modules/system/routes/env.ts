import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envConfigSchema } from '@exchange/contracts';
import { isOn, readSettings } from '../settings';

/** `GET /api/env.json`: what the client needs before anything else (bare JSON, no envelope). */
export function envRoute(app: FastifyInstance): void {
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
}
