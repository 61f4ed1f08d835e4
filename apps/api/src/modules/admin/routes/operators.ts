import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  adminOperatorChangedSchema,
  adminOperatorCreateBodySchema,
  adminOperatorCreatedSchema,
  adminOperatorDisableBodySchema,
  adminOperatorRoleBodySchema,
  adminOperatorSchema,
} from '@exchange/contracts';
import type { ConsoleCalls } from './calls';
import { actorOf, type OperatorGuards } from '../guard';
import { createOperator, disableOperator, listOperators, setOperatorRole } from '../operators';

/**
 * Operators and roles: only admins list and change them, each change with a fresh two-factor code and a
 * reason in the trail. A new operator's first password is answered once; they enrol two-factor at sign-in.
 */
export function operatorRoutes(app: FastifyInstance, call: ConsoleCalls, { admin }: OperatorGuards) {
  call.get('/api/admin/operators', { role: admin, answer: z.array(adminOperatorSchema) }, () =>
    listOperators(app.prisma),
  );
  call.post(
    '/api/admin/operators/create',
    { role: admin, totp: true, input: adminOperatorCreateBodySchema, answer: adminOperatorCreatedSchema },
    (body, request) => createOperator(app.prisma, body, { actor: actorOf(request), reason: body.reason }),
  );
  call.post(
    '/api/admin/operators/role',
    { role: admin, totp: true, input: adminOperatorRoleBodySchema, answer: adminOperatorChangedSchema },
    (body, request) =>
      setOperatorRole(app.prisma, body.login, body.role, { actor: actorOf(request), reason: body.reason }),
  );
  call.post(
    '/api/admin/operators/disable',
    { role: admin, totp: true, input: adminOperatorDisableBodySchema, answer: adminOperatorChangedSchema },
    (body, request) =>
      disableOperator(app.prisma, body.login, { actor: actorOf(request), reason: body.reason }),
  );
}
