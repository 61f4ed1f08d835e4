import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok, answers } from '../../http/envelope';
import { z } from 'zod';
import {
  adminAppealResultSchema,
  adminAppealSchema,
  adminDashboardSchema,
  adminDepositResultSchema,
  adminDepositSchema,
  adminIdentityPageSchema,
  adminNoticeSchema,
  adminReviewResultSchema,
  adminTrailPageSchema,
  adminUserDetailSchema,
  adminUserPageSchema,
  adminWithdrawalResultSchema,
  adminWithdrawalSchema,
  adminMarketSchema,
} from '@exchange/contracts';
import type { AuditReport } from '@exchange/kernel/ledger';
import { userRoom } from '@exchange/kernel/realtime';
import {
  form,
  int4Id,
  limitField,
  optionalText,
  pageField,
  requiredText,
  wholeNumber,
} from '@exchange/contracts';
import { pushNotices } from '../c2c';
import { PAIR_FLAGS, type PairFlag } from '../spot';
import { listAppeals, resolveAppealAsOperator } from './appeals';
import { adminAuthRoutes } from './auth-routes';
import { auditStatus, dashboardFigures, startOfTodayUtc, workerQueues } from './dashboard';
import { actorOf, operatorGuard, requireFreshTotp } from './guard';
import { listIdentities, reviewIdentityAsOperator } from './identity-review';
import { listPairs, setPairFlags } from './markets';
import { confirmDeposit, finishWithdrawal, listDeposits, listWithdrawals } from './money';
import { deleteNotice, listNotices, saveNotice } from './notices';
import { productsRoutes } from './products-routes';
import { listTrail } from './trail';
import { searchUsers, viewUser } from './users';
import { adminUsersRoutes } from './users-routes';

export interface AdminDeps {
  redisUrl: string;
  /** The ledger audit of the whole exchange (areas.ts), for the dashboard's status. */
  audit: () => Promise<AuditReport>;
}

/** A row id: 32-bit, so a huge number is refused at validation instead of failing in the query. */
const recordId = int4Id();

const choice = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess((value) => value ?? '', z.enum(values, { error: 'bad_request' }));
const flag = z.enum(['0', '1'], { error: 'bad_request' }).optional();
const totpField = optionalText(6);
const reasonField = optionalText(500);

const pageQuery = z.object({ page: pageField, limit: limitField(20, 100) });
const identityQuery = pageQuery.extend({
  status: wholeNumber(0, 2, 'bad_request').optional().default(1),
});
const withdrawalQuery = z.object({
  status: wholeNumber(1, 3, 'bad_request').optional().default(1),
  limit: limitField(50, 200),
});
const noticeQuery = z.object({
  c_id: recordId.optional(),
  limit: limitField(50, 200),
});
const trailQuery = pageQuery.extend({ target_type: optionalText(24) });
const userQuery = pageQuery.extend({ q: optionalText(100) });
const userIdQuery = z.object({ id: recordId });

const reviewBody = form({ id: recordId, decision: choice(['approve', 'reject']), reason: reasonField });
const withdrawalBody = form({
  id: recordId,
  decision: choice(['complete', 'reject']),
  txid: optionalText(128),
  reason: reasonField,
  totp_code: totpField,
});
const depositBody = form({
  account: requiredText('account_required', 100),
  currency: requiredText('currency_not_found', 16),
  amount: requiredText('amount_required', 64),
  txid: requiredText('bad_request', 128),
  totp_code: totpField,
});
const pairBody = form({ id: recordId, ...Object.fromEntries(PAIR_FLAGS.map((name) => [name, flag])) });
const appealBody = form({
  id: recordId,
  decision: choice(['release', 'refund']),
  reason: reasonField,
  totp_code: totpField,
});
const noticeBody = form({
  id: recordId.optional(),
  c_id: recordId,
  lang: choice(['en', 'zh', 'hk', 'jp', 'kor', 'th', 'ind']),
  title: requiredText('admin_reason_required', 200),
  abstract: optionalText(500),
  content: optionalText(20_000),
  sorts: wholeNumber(0, 1_000_000, 'bad_request').optional().default(0),
});
const idBody = form({ id: recordId });

/** The answer's schema (packages/contracts/src/admin.ts): the server checks every answer against it. */

/**
 * The operator console's calls under `/api/admin`. Each names its minimum role; the guard checks it on the
 * server with the operator session (a trader's token is no session here). Changes write the audit trail in
 * their own transaction; money moves through the modules that own it.
 */
export function adminRoutes(app: FastifyInstance, deps: AdminDeps): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const viewer = operatorGuard(app, 'viewer');
  const support = operatorGuard(app, 'support');
  const finance = operatorGuard(app, 'finance');
  const admin = operatorGuard(app, 'admin');
  const queues = workerQueues(deps.redisUrl, app.config.REDIS_PREFIX);
  app.addHook('onClose', () => queues.close());

  adminAuthRoutes(app);
  adminUsersRoutes(app);
  productsRoutes(app);

  typed.get(
    '/api/admin/dashboard',
    { schema: { response: answers(adminDashboardSchema) }, onRequest: viewer },
    async () => {
      const [figures, audit, workers] = await Promise.all([
        dashboardFigures(app.prisma, startOfTodayUtc()),
        deps.audit(),
        queues.health().catch(() => []),
      ]);
      return ok({ ...figures, audit: auditStatus(audit), queues: workers });
    },
  );

  typed.get(
    '/api/admin/trail',
    { schema: { querystring: trailQuery, response: answers(adminTrailPageSchema) }, onRequest: viewer },
    async (request) =>
      ok(
        await listTrail(app.prisma, {
          page: request.query.page,
          limit: request.query.limit,
          ...(request.query.target_type ? { targetType: request.query.target_type } : {}),
        }),
      ),
  );

  typed.get(
    '/api/admin/users',
    { schema: { querystring: userQuery, response: answers(adminUserPageSchema) }, onRequest: viewer },
    async (request) => ok(await searchUsers(app.prisma, request.query)),
  );
  typed.get(
    '/api/admin/users/detail',
    { schema: { querystring: userIdQuery, response: answers(adminUserDetailSchema) }, onRequest: viewer },
    async (request) => ok(await viewUser(app.prisma, request.query.id)),
  );

  typed.get(
    '/api/admin/identities',
    {
      schema: { querystring: identityQuery, response: answers(adminIdentityPageSchema) },
      onRequest: viewer,
    },
    async (request) => ok(await listIdentities(app.prisma, request.query)),
  );
  typed.post(
    '/api/admin/identities/review',
    { schema: { body: reviewBody, response: answers(adminReviewResultSchema) }, onRequest: support },
    async (request) => ok(await reviewIdentityAsOperator(app.prisma, actorOf(request), request.body)),
  );

  typed.get(
    '/api/admin/withdrawals',
    {
      schema: { querystring: withdrawalQuery, response: answers(z.array(adminWithdrawalSchema)) },
      onRequest: viewer,
    },
    async (request) => ok(await listWithdrawals(app.prisma, request.query)),
  );
  typed.post(
    '/api/admin/withdrawals/finish',
    { schema: { body: withdrawalBody, response: answers(adminWithdrawalResultSchema) }, onRequest: finance },
    async (request) => {
      await requireFreshTotp(app, request, request.body.totp_code);
      return ok(await finishWithdrawal(app.prisma, actorOf(request), request.body));
    },
  );

  typed.get(
    '/api/admin/deposits',
    {
      schema: {
        querystring: withdrawalQuery.pick({ limit: true }),
        response: answers(z.array(adminDepositSchema)),
      },
      onRequest: viewer,
    },
    async (request) => ok(await listDeposits(app.prisma, request.query)),
  );
  typed.post(
    '/api/admin/deposits/confirm',
    { schema: { body: depositBody, response: answers(adminDepositResultSchema) }, onRequest: finance },
    async (request) => {
      await requireFreshTotp(app, request, request.body.totp_code);
      return ok(await confirmDeposit(app.prisma, actorOf(request), request.body));
    },
  );

  typed.get(
    '/api/admin/markets',
    { schema: { response: answers(z.array(adminMarketSchema)) }, onRequest: viewer },
    async () => ok(await listPairs(app.prisma)),
  );
  typed.post(
    '/api/admin/markets/flags',
    { schema: { body: pairBody }, onRequest: admin },
    async (request) => {
      const body = request.body as Record<string, unknown>;
      const flags: Partial<Record<PairFlag, 0 | 1>> = {};
      for (const name of PAIR_FLAGS) if (body[name] !== undefined) flags[name] = body[name] === '1' ? 1 : 0;
      const deps = { prisma: app.prisma, redis: app.redis, redisPrefix: app.config.REDIS_PREFIX };
      return ok(await setPairFlags(deps, actorOf(request), { id: request.body.id, flags }));
    },
  );

  typed.get(
    '/api/admin/appeals',
    {
      schema: {
        querystring: withdrawalQuery.pick({ limit: true }),
        response: answers(z.array(adminAppealSchema)),
      },
      onRequest: viewer,
    },
    async (request) => ok(await listAppeals(app.prisma, request.query)),
  );
  typed.post(
    '/api/admin/appeals/resolve',
    { schema: { body: appealBody, response: answers(adminAppealResultSchema) }, onRequest: finance },
    async (request) => {
      await requireFreshTotp(app, request, request.body.totp_code);
      const { order, notices } = await resolveAppealAsOperator(app.prisma, actorOf(request), request.body);
      pushNotices((userId, event, payload) => app.io.to(userRoom(userId)).emit(event, payload), notices);
      return ok({ id: order.id, is_sure: order.is_sure, resolution: order.resolution });
    },
  );

  typed.get(
    '/api/admin/notices',
    {
      schema: { querystring: noticeQuery, response: answers(z.array(adminNoticeSchema)) },
      onRequest: viewer,
    },
    async (request) => ok(await listNotices(app.prisma, request.query)),
  );
  typed.post(
    '/api/admin/notices/save',
    { schema: { body: noticeBody }, onRequest: support },
    async (request) => ok(await saveNotice(app.prisma, actorOf(request), request.body)),
  );
  typed.post('/api/admin/notices/delete', { schema: { body: idBody }, onRequest: support }, async (request) =>
    ok(await deleteNotice(app.prisma, actorOf(request), request.body.id)),
  );
}
