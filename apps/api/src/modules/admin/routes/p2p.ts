import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  adminAcceptorBodySchema,
  adminAcceptorResultSchema,
  adminAcceptorSchema,
  adminAcceptorStatusBodySchema,
  adminAppealBodySchema,
  adminAppealDetailSchema,
  adminAppealResultSchema,
  adminAppealSchema,
  adminIdQuerySchema,
  adminListQuerySchema,
  adminPageQuerySchema,
  adminSellerBodySchema,
  adminSellerPageSchema,
  adminSellerResultSchema,
  adminStatusResultSchema,
  adminSuspendBodySchema,
} from '@exchange/contracts';
import { acceptorOperator } from '../../acceptor';
import { c2cOperator } from '../../c2c';
import { roomPusher } from '../../notices';
import type { ConsoleCalls } from './calls';
import { trailFor, type OperatorGuards } from '../guard';

/** P2P appeals: viewers read them; finance, with a fresh two-factor code, releases or refunds the escrow. */
export function appealRoutes(app: FastifyInstance, call: ConsoleCalls, { viewer, finance }: OperatorGuards) {
  call.get(
    '/api/admin/appeals',
    { role: viewer, input: adminListQuerySchema, answer: z.array(adminAppealSchema) },
    (query) => c2cOperator.listAppeals(app.prisma, query),
  );
  call.get(
    '/api/admin/appeals/detail',
    { role: viewer, input: adminIdQuerySchema, answer: adminAppealDetailSchema },
    (query) => c2cOperator.appealDetail(app.prisma, query.id),
  );
  call.post(
    '/api/admin/appeals/resolve',
    { role: finance, totp: true, input: adminAppealBodySchema, answer: adminAppealResultSchema },
    (body, request) =>
      c2cOperator.resolveAppealAsOperator(
        { prisma: app.prisma, pusher: roomPusher(app.io) },
        body,
        trailFor(request),
      ),
  );
}

/**
 * The P2P parties: viewers list shops and acceptors; support approves or suspends a seller; finance, with a
 * fresh two-factor code, approves an acceptor (or changes its terms) and suspends or resumes it, since
 * acceptors move money for others.
 */
export function partyRoutes(app: FastifyInstance, call: ConsoleCalls, roles: OperatorGuards) {
  const { viewer, support, finance } = roles;
  call.get(
    '/api/admin/sellers',
    { role: viewer, input: adminPageQuerySchema, answer: adminSellerPageSchema },
    (query) => c2cOperator.listSellers(app.prisma, query),
  );
  call.post(
    '/api/admin/sellers/approve',
    { role: support, input: adminSellerBodySchema, answer: adminSellerResultSchema },
    (body, request) => c2cOperator.approveSellerAsOperator(app.prisma, body, trailFor(request)),
  );
  call.post(
    '/api/admin/sellers/suspend',
    { role: support, input: adminSuspendBodySchema, answer: adminStatusResultSchema },
    (body, request) => c2cOperator.suspendSellerAsOperator(app.prisma, body, trailFor(request)),
  );
  call.get('/api/admin/acceptors', { role: viewer, answer: z.array(adminAcceptorSchema) }, () =>
    acceptorOperator.listAcceptors(app.prisma),
  );
  call.post(
    '/api/admin/acceptors/approve',
    { role: finance, totp: true, input: adminAcceptorBodySchema, answer: adminAcceptorResultSchema },
    (body, request) => acceptorOperator.approveAcceptor(app.prisma, body, trailFor(request)),
  );
  call.post(
    '/api/admin/acceptors/status',
    { role: finance, totp: true, input: adminAcceptorStatusBodySchema, answer: adminStatusResultSchema },
    (body, request) => acceptorOperator.setAcceptorStatusAsOperator(app.prisma, body, trailFor(request)),
  );
}
