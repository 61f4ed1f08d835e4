import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorEnvelopeSchema, int4Id, optionalText, paymentDepositRequestSchema } from '@exchange/contracts';
import { currentUser } from '../../../http/auth';
import { answers, ok } from '../../../http/envelope';
import { sandboxCheckoutPage } from '../payment/checkout-page';
import { createSandboxProvider, SANDBOX_NOTIFY_PATH, type SandboxProvider } from '../payment/sandbox';
import { settlePayment } from '../payment/settle-payment';
import { startPayment } from '../payment/start-payment';

/** A page or a plain-text reply of the provider's own, or the envelope when the input checks refuse. */
const providerReply = z.union([z.string(), errorEnvelopeSchema]);
const providerAnswer = { 200: providerReply, 400: providerReply };

/** Deposits through the payment channel; with PAYMENT_SANDBOX, the sandbox provider's own pages. */
export function paymentRoutes(app: FastifyInstance): void {
  const sandbox = createSandboxProvider(app.config.APP_SECRET);
  const deps = { prisma: app.prisma, provider: app.config.PAYMENT_SANDBOX ? sandbox : undefined };
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/wallet/charge_req_pay',
    {
      schema: { body: paymentDepositRequestSchema, response: answers(z.string()) },
      onRequest: app.requireUser,
    },
    async (request) => ok(await startPayment(deps, currentUser(request).id, request.body)),
  );
  if (app.config.PAYMENT_SANDBOX) sandboxRoutes(app, sandbox);
}

/** The sandbox's checkout page, and its signed notification coming back (development and tests only). */
function sandboxRoutes(app: FastifyInstance, sandbox: SandboxProvider): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    '/api/pay/sandbox/:id',
    {
      schema: {
        params: z.object({ id: int4Id('payment_not_found') }),
        querystring: z.object({ sig: optionalText(64) }),
        response: providerAnswer,
      },
    },
    async (request, reply) => {
      const page = await sandboxCheckoutPage(app.prisma, sandbox, request.params.id, request.query.sig);
      return reply.type('text/html').send(page);
    },
  );
  typed.post(
    SANDBOX_NOTIFY_PATH,
    { schema: { body: z.record(z.string(), z.string()), response: providerAnswer } },
    async (request, reply) => {
      const notification = sandbox.verify(request.body);
      if (!notification) return reply.status(400).type('text/plain').send('invalid signature');
      const outcome = await settlePayment(app.prisma, notification);
      return reply.type('text/plain').send(outcome === 'settled' ? 'success' : 'already processed');
    },
  );
}
