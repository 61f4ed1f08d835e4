import type { FastifyInstance } from 'fastify';
import {
  adminAgentBodySchema,
  adminAgentResultSchema,
  adminFreezeBodySchema,
  adminFreezeResultSchema,
  adminIdQuerySchema,
  adminRecordsQuerySchema,
  adminResetBodySchema,
  adminResetResultSchema,
  adminUserDetailSchema,
  adminUserPageSchema,
  adminUserQuerySchema,
  adminUserRecordsSchema,
  adminSentCodeSchema,
  adminUserCodesBodySchema,
  adminUserCreateBodySchema,
  adminUserCreatedSchema,
} from '@exchange/contracts';
import { z } from 'zod';
import { regionOperator } from '../../region';
import { safeOperator } from '../../safe';
import { createUserAsOperator, userOperator } from '../../user';
import { verificationOperator } from '../../verification';
import type { ConsoleCalls } from './calls';
import { trailFor, type OperatorGuards } from '../guard';
import { userRecords } from '../user-records';
import { searchUsers, viewUser } from '../users';

/**
 * Users: viewers find them and read one user's page and records; each change goes through the owning area:
 * finance, with a fresh two-factor code, freezes or unfreezes funds; support creates a user, reads the codes
 * last sent to one (each look in the trail), sets the regional agent role and, with a fresh code, resets the
 * trade password.
 */
export function userRoutes(
  app: FastifyInstance,
  call: ConsoleCalls,
  { viewer, support, finance }: OperatorGuards,
) {
  call.get(
    '/api/admin/users',
    { role: viewer, input: adminUserQuerySchema, answer: adminUserPageSchema },
    (query) => searchUsers(app.prisma, query),
  );
  call.get(
    '/api/admin/users/detail',
    { role: viewer, input: adminIdQuerySchema, answer: adminUserDetailSchema },
    (query, request) => viewUser(app.prisma, query.id, request.locale),
  );
  call.get(
    '/api/admin/users/records',
    { role: viewer, input: adminRecordsQuerySchema, answer: adminUserRecordsSchema },
    (query, request) => userRecords(app.prisma, query, request.locale),
  );
  call.post(
    '/api/admin/users/freeze',
    { role: finance, totp: true, input: adminFreezeBodySchema, answer: adminFreezeResultSchema },
    (body, request) =>
      userOperator.setFrozenFunds({ prisma: app.prisma, sessions: app.sessions }, body, trailFor(request)),
  );
  call.post(
    '/api/admin/users/agent',
    { role: support, input: adminAgentBodySchema, answer: adminAgentResultSchema },
    (body, request) => regionOperator.setAgent(app.prisma, body, trailFor(request)),
  );
  call.post(
    '/api/admin/users/reset-trade-password',
    { role: support, totp: true, input: adminResetBodySchema, answer: adminResetResultSchema },
    (body, request) =>
      safeOperator.resetTradePasswordAsOperator(
        { prisma: app.prisma, redis: app.redis },
        body,
        trailFor(request),
      ),
  );
  call.post(
    '/api/admin/users/create',
    { role: support, input: adminUserCreateBodySchema, answer: adminUserCreatedSchema },
    (body, request) =>
      createUserAsOperator(
        app.prisma,
        { account: body.account, password: body.password, kycApproved: body.kyc === '1', seller: false },
        { trail: trailFor(request), reason: body.reason },
      ),
  );
  call.post(
    '/api/admin/users/codes',
    { role: support, input: adminUserCodesBodySchema, answer: z.array(adminSentCodeSchema) },
    (body, request) => verificationOperator.recentCodesForSupport(app.prisma, body, trailFor(request)),
  );
}
