import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminLoginBodySchema,
  adminLoginSchema,
  adminMeSchema,
  adminSentenceSchema,
  adminTotpCodeBodySchema,
  adminTotpSetupSchema,
} from '@exchange/contracts';
import { answers, ok, okMessage } from '../../../http/envelope';
import { actorOf, currentOperator, type OperatorGuards } from '../guard';
import { revokeOperatorSession } from '../sessions';
import { signInOperator, whoAmI } from '../sign-in';
import { confirmTotpEnrolment, startTotpEnrolment } from '../totp-enrolment';

/** Signing in and out, who am I, and two-factor enrolment (QR code) for operators. */
export function authRoutes(app: FastifyInstance, { anySession }: OperatorGuards): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post(
    '/api/admin/login',
    { schema: { body: adminLoginBodySchema, response: answers(adminLoginSchema) } },
    async (request) => ok(await signInOperator(app, { ...request.body, ip: request.ip })),
  );
  typed.post(
    '/api/admin/logout',
    { schema: { response: answers(adminSentenceSchema) }, onRequest: anySession },
    async (request) => {
      await revokeOperatorSession(app.prisma, currentOperator(request).sessionId);
      return okMessage(request.locale, 'logged_out');
    },
  );
  typed.get(
    '/api/admin/me',
    { schema: { response: answers(adminMeSchema) }, onRequest: anySession },
    (request) => ok(whoAmI(currentOperator(request))),
  );
  typed.post(
    '/api/admin/totp/setup',
    { schema: { response: answers(adminTotpSetupSchema) }, onRequest: anySession },
    async (request) => ok(await startTotpEnrolment(app, currentOperator(request))),
  );
  typed.post(
    '/api/admin/totp/confirm',
    {
      schema: { body: adminTotpCodeBodySchema, response: answers(adminSentenceSchema) },
      onRequest: anySession,
    },
    async (request) => {
      await confirmTotpEnrolment(app, currentOperator(request), actorOf(request), request.body.code);
      return okMessage(request.locale, 'admin_totp_enabled');
    },
  );
}
