import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { jcBindingSchema, jcBindRequestSchema, sentenceSchema } from '@exchange/contracts';
import { poolSql } from '@exchange/kernel/db';
import { currentUser } from '../../../http/auth';
import { answers, ok, okMessage } from '../../../http/envelope';
import { bindPartner, findBinding, openPartner } from '../binding';
import type { PointsPartner } from '../partner';
import { SANDBOX_OPENING_POINTS, SANDBOX_PASSWORD } from '../partner-sandbox';

/** `GET /api/jc/bind` shows, `POST /api/jc/bind` makes the binding to the partner's points account. */
export function bindingRoutes(app: FastifyInstance, partner: PointsPartner | null): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const sql = poolSql(app.pg);
  typed.get(
    '/api/jc/bind',
    { schema: { response: answers(jcBindingSchema) }, onRequest: app.requireUser },
    async (request) => {
      const binding = await findBinding(sql, currentUser(request).id);
      return ok({
        user_name: binding?.user_name ?? '',
        partner: partner?.name ?? '',
        sandbox: partner?.sandbox
          ? { password: SANDBOX_PASSWORD, opening_points: SANDBOX_OPENING_POINTS }
          : null,
      });
    },
  );
  typed.post(
    '/api/jc/bind',
    { schema: { body: jcBindRequestSchema, response: answers(sentenceSchema) }, onRequest: app.requireUser },
    async (request) => {
      await bindPartner(sql, openPartner(partner), currentUser(request).id, {
        userName: request.body.user_name,
        password: request.body.password,
      });
      return okMessage(request.locale, 'jc_bound', { partner: openPartner(partner).name });
    },
  );
}
