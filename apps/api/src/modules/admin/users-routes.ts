import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok, answers } from '../../http/envelope';
import { z } from 'zod';
import {
  adminAcceptorResultSchema,
  adminAcceptorSchema,
  adminAgentResultSchema,
  adminAppealDetailSchema,
  adminFreezeResultSchema,
  adminPaymentPageSchema,
  adminResetResultSchema,
  adminSellerPageSchema,
  adminSellerResultSchema,
  adminStatusResultSchema,
  adminUserRecordsSchema,
} from '@exchange/contracts';
import { form, int4Id, limitField, optionalText, pageField, wholeNumber } from '@exchange/contracts';
import { actorOf, operatorGuard, requireFreshTotp } from './guard';
import { listPaymentOrders } from './channel';
import {
  appealDetail,
  approveAcceptor,
  approveSellerAsOperator,
  listAcceptors,
  listSellers,
  setAcceptorStatusAsOperator,
  suspendSellerAsOperator,
} from './p2p-review';
import {
  RECORD_KINDS,
  resetTradePasswordAsOperator,
  setAgent,
  setFrozenFunds,
  userRecords,
} from './user-actions';

/** A row id: 32-bit, so a huge number is refused at validation instead of failing in the query. */
const recordId = int4Id();
const choice = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess((value) => value ?? '', z.enum(values, { error: 'bad_request' }));
const reasonField = optionalText(500);
const totpField = optionalText(6);
const rateField = optionalText(32);

const recordsQuery = z.object({
  id: recordId,
  kind: choice(RECORD_KINDS),
  page: pageField,
  limit: limitField(20, 100),
});
const paymentsQuery = z.object({
  status: wholeNumber(0, 2, 'bad_request').optional(),
  page: pageField,
  limit: limitField(20, 100),
});
const pageQuery = z.object({ page: pageField, limit: limitField(20, 100) });
const idQuery = z.object({ id: recordId });

const freezeBody = form({
  id: recordId,
  frozen: choice(['0', '1']),
  reason: reasonField,
  totp_code: totpField,
});
const sellerBody = form({
  id: recordId,
  currency: optionalText(16),
  name: optionalText(64),
  reason: reasonField,
});
const suspendBody = form({ id: recordId, reason: reasonField });
const agentBody = form({
  id: recordId,
  on: choice(['0', '1']),
  city: optionalText(64),
  district: optionalText(64),
  reason: reasonField,
});
const resetBody = form({ id: recordId, reason: reasonField, totp_code: totpField });
const acceptorBody = form({
  id: recordId,
  name: optionalText(64),
  recharge_rate: rateField,
  cash_rate: rateField,
  recharge_amount: rateField,
  cash_amount: rateField,
  reason: reasonField,
  totp_code: totpField,
});
const acceptorStatusBody = form({
  id: recordId,
  status: choice(['0', '1']),
  reason: reasonField,
  totp_code: totpField,
});

/** The answer's schema (packages/contracts/src/admin.ts): the server checks every answer against it. */

/**
 * The console's users, payment-channel records and P2P parties (issue #15, part A). Roles: viewer reads;
 * support sets seller and agent roles and, with a fresh two-factor code, resets a trader's trade password;
 * finance, with a fresh code, freezes or unfreezes funds and approves or suspends acceptors (they move money
 * for others). Every change writes the audit trail in its own transaction.
 */
export function adminUsersRoutes(app: FastifyInstance): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const viewer = operatorGuard(app, 'viewer');
  const support = operatorGuard(app, 'support');
  const finance = operatorGuard(app, 'finance');

  typed.get(
    '/api/admin/users/records',
    { schema: { querystring: recordsQuery, response: answers(adminUserRecordsSchema) }, onRequest: viewer },
    async (request) => ok(await userRecords(app.prisma, request.query)),
  );
  typed.post(
    '/api/admin/users/freeze',
    { schema: { body: freezeBody, response: answers(adminFreezeResultSchema) }, onRequest: finance },
    async (request) => {
      await requireFreshTotp(app, request, request.body.totp_code);
      const { id, reason } = request.body;
      const frozen = request.body.frozen === '1' ? 1 : 0;
      return ok(
        await setFrozenFunds({ prisma: app.prisma, sessions: app.sessions }, actorOf(request), {
          id,
          frozen,
          reason,
        }),
      );
    },
  );
  typed.post(
    '/api/admin/users/agent',
    { schema: { body: agentBody, response: answers(adminAgentResultSchema) }, onRequest: support },
    async (request) => {
      const { id, city, district, reason } = request.body;
      const on = request.body.on === '1';
      return ok(await setAgent(app.prisma, actorOf(request), { id, on, city, district, reason }));
    },
  );
  typed.post(
    '/api/admin/users/reset-trade-password',
    { schema: { body: resetBody, response: answers(adminResetResultSchema) }, onRequest: support },
    async (request) => {
      await requireFreshTotp(app, request, request.body.totp_code);
      return ok(
        await resetTradePasswordAsOperator(
          { prisma: app.prisma, redis: app.redis },
          actorOf(request),
          request.body,
        ),
      );
    },
  );

  typed.get(
    '/api/admin/payments',
    { schema: { querystring: paymentsQuery, response: answers(adminPaymentPageSchema) }, onRequest: viewer },
    async (request) => ok(await listPaymentOrders(app.prisma, request.query)),
  );

  typed.get(
    '/api/admin/appeals/detail',
    { schema: { querystring: idQuery, response: answers(adminAppealDetailSchema) }, onRequest: viewer },
    async (request) => ok(await appealDetail(app.prisma, request.query.id)),
  );

  typed.get(
    '/api/admin/sellers',
    { schema: { querystring: pageQuery, response: answers(adminSellerPageSchema) }, onRequest: viewer },
    async (request) => ok(await listSellers(app.prisma, request.query)),
  );
  typed.post(
    '/api/admin/sellers/approve',
    { schema: { body: sellerBody, response: answers(adminSellerResultSchema) }, onRequest: support },
    async (request) => {
      const { id, name, reason } = request.body;
      const currency = request.body.currency || 'USDT';
      return ok(await approveSellerAsOperator(app.prisma, actorOf(request), { id, currency, name, reason }));
    },
  );
  typed.post(
    '/api/admin/sellers/suspend',
    { schema: { body: suspendBody, response: answers(adminStatusResultSchema) }, onRequest: support },
    async (request) => ok(await suspendSellerAsOperator(app.prisma, actorOf(request), request.body)),
  );

  typed.get(
    '/api/admin/acceptors',
    { schema: { response: answers(z.array(adminAcceptorSchema)) }, onRequest: viewer },
    async () => ok(await listAcceptors(app.prisma)),
  );
  typed.post(
    '/api/admin/acceptors/approve',
    { schema: { body: acceptorBody, response: answers(adminAcceptorResultSchema) }, onRequest: finance },
    async (request) => {
      await requireFreshTotp(app, request, request.body.totp_code);
      return ok(await approveAcceptor(app.prisma, actorOf(request), request.body));
    },
  );
  typed.post(
    '/api/admin/acceptors/status',
    { schema: { body: acceptorStatusBody, response: answers(adminStatusResultSchema) }, onRequest: finance },
    async (request) => {
      await requireFreshTotp(app, request, request.body.totp_code);
      const { id, reason } = request.body;
      const status = request.body.status === '1' ? 1 : 0;
      return ok(await setAcceptorStatusAsOperator(app.prisma, actorOf(request), { id, status, reason }));
    },
  );
}
