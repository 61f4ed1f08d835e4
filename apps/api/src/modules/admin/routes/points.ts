import type { FastifyInstance } from 'fastify';
import {
  adminPointsGrantBodySchema,
  adminPointsGrantResultSchema,
  adminPointsQuerySchema,
  adminPointsSchema,
} from '@exchange/contracts';
import { translate } from '@exchange/kernel/i18n';
import { pointsOperator } from '../../points';
import type { ConsoleCalls } from './calls';
import { trailFor, type OperatorGuards } from '../guard';

/**
 * Points: viewers see the points partner and the sandbox partner's accounts; finance, with a fresh code and
 * a reason, tops up a sandbox account (the sandbox only, never in production: the area's rule).
 */
export function pointsRoutes(app: FastifyInstance, call: ConsoleCalls, { viewer, finance }: OperatorGuards) {
  call.get(
    '/api/admin/points',
    { role: viewer, input: adminPointsQuerySchema, answer: adminPointsSchema },
    async (query, request) => {
      const { refusal, ...points } = await pointsOperator.readPointsForOperators(
        app.prisma,
        app.config,
        query,
      );
      const top_up_refused = refusal ? translate(request.locale, refusal.key, refusal.params) : null;
      return { ...points, top_up_refused };
    },
  );
  call.post(
    '/api/admin/points/grant',
    { role: finance, totp: true, input: adminPointsGrantBodySchema, answer: adminPointsGrantResultSchema },
    (body, request) => pointsOperator.topUpSandboxAccount(app.prisma, app.config, body, trailFor(request)),
  );
}
