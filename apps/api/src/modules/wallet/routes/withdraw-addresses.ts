import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bindAddressRequestSchema,
  codeAnswerOrRefusalSchema,
  currencyQuerySchema,
  currencyRequestSchema,
  deleteAddressRequestSchema,
  errorEnvelopeSchema,
  removeAddressRequestSchema,
  withdrawAddressListAnswerSchema,
  withdrawAddressSchema,
} from '@exchange/contracts';
import type { User } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import { translate } from '@exchange/kernel/i18n';
import { currentUser } from '../../../http/auth';
import { answers, ok, okMessage } from '../../../http/envelope';
import { bindAddress, boundAddresses, deleteOwnAddress, sendAddressCode } from '../withdraw-addresses';

// The service's answers wrap the handlers, so the schemas' types reach them as validated, not inferred.
type CurrencyQuery = z.output<typeof currencyQuerySchema>;

/**
 * This page of the original client talked to a separate wallet service, so it answers in that service's
 * style: `{code: 0, msg, data}` on success, `{code: 1, msg}` otherwise, and `{code: 999, msg}` without a
 * valid session.
 */
function serviceAnswer<Request extends FastifyRequest, T>(
  app: FastifyInstance,
  handler: (request: Request, user: User) => Promise<T>,
) {
  return async (request: Request) => {
    try {
      await app.optionalUser(request);
      if (!request.user) return { code: 999, msg: translate(request.locale, 'login_required') };
      return await handler(request, request.user);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return {
        code: error.type === '999' ? 999 : 1,
        msg: translate(request.locale, error.key, error.params),
      };
    }
  };
}

/** Withdraw-address binding in the wallet service's own answers: the code, the list, binding, removal. */
export function addressServiceRoutes(app: FastifyInstance): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const deps = {
    prisma: app.prisma,
    redis: app.redis,
    messenger: app.messenger,
    secret: app.config.APP_SECRET,
  };
  const done = (request: FastifyRequest, key: 'code_sent' | 'address_bound' | 'address_deleted') => ({
    code: 0,
    msg: translate(request.locale, key),
  });
  typed.get(
    '/api/wallet/draw_address/code',
    { schema: { response: { 200: codeAnswerOrRefusalSchema } } },
    serviceAnswer(app, async (request, user) => {
      await sendAddressCode(deps, user, request.ip);
      return done(request, 'code_sent');
    }),
  );
  typed.get(
    '/api/wallet/draw_address',
    {
      schema: {
        querystring: currencyQuerySchema,
        response: { 200: z.union([withdrawAddressListAnswerSchema, errorEnvelopeSchema]) },
      },
    },
    serviceAnswer(app, async (request, user) => ({
      code: 0,
      msg: 'ok',
      data: await boundAddresses(app.prisma, user.id, (request.query as CurrencyQuery).currency),
    })),
  );
  typed.post(
    '/api/wallet/draw_address',
    { schema: { body: bindAddressRequestSchema, response: { 200: codeAnswerOrRefusalSchema } } },
    serviceAnswer(app, async (request, user) => {
      await bindAddress(deps, user, request.body as z.output<typeof bindAddressRequestSchema>);
      return done(request, 'address_bound');
    }),
  );
  typed.post(
    '/api/wallet/draw_address/delete',
    { schema: { body: deleteAddressRequestSchema, response: { 200: codeAnswerOrRefusalSchema } } },
    serviceAnswer(app, async (request, user) => {
      await deleteOwnAddress(app.prisma, user.id, (request.body as { id: string }).id);
      return done(request, 'address_deleted');
    }),
  );
}

/** Document 3, section 7: the same list and removal in the contract's own envelope. */
export function withdrawAddressRoutes(app: FastifyInstance): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post(
    '/api/wallet/get_address',
    {
      schema: { body: currencyRequestSchema, response: answers(z.array(withdrawAddressSchema)) },
      onRequest: app.requireUser,
    },
    async (request) => ok(await boundAddresses(app.prisma, currentUser(request).id, request.body.currency)),
  );
  typed.post(
    '/api/wallet/deladdress',
    {
      schema: { body: removeAddressRequestSchema, response: answers(z.string()) },
      onRequest: app.requireUser,
    },
    async (request) => {
      await deleteOwnAddress(app.prisma, currentUser(request).id, request.body.address_id);
      return okMessage(request.locale, 'address_deleted');
    },
  );
}
