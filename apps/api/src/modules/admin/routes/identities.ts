import type { FastifyInstance } from 'fastify';
import {
  adminIdentityPageSchema,
  adminIdentityQuerySchema,
  adminReviewBodySchema,
  adminReviewResultSchema,
} from '@exchange/contracts';
import { identityOperator } from '../../identity';
import type { ConsoleCalls } from './calls';
import { trailFor, type OperatorGuards } from '../guard';

/** Identity review: viewers list the submissions, support approves or rejects them. */
export function identityRoutes(
  app: FastifyInstance,
  call: ConsoleCalls,
  { viewer, support }: OperatorGuards,
) {
  call.get(
    '/api/admin/identities',
    { role: viewer, input: adminIdentityQuerySchema, answer: adminIdentityPageSchema },
    (query) => identityOperator.listIdentities(app.prisma, query),
  );
  call.post(
    '/api/admin/identities/review',
    { role: support, input: adminReviewBodySchema, answer: adminReviewResultSchema },
    (body, request) => identityOperator.review(app.prisma, body, trailFor(request)),
  );
}
