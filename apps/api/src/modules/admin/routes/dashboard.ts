import type { FastifyInstance } from 'fastify';
import type { AuditReport } from '@exchange/kernel/ledger';
import { adminDashboardSchema, adminTrailPageSchema, adminTrailQuerySchema } from '@exchange/contracts';
import type { ConsoleCalls } from './calls';
import { auditStatus, dashboardFigures, startOfTodayUtc, workerQueues } from '../dashboard';
import type { OperatorGuards } from '../guard';
import { listTrail } from '../trail';

export interface DashboardDeps {
  redisUrl: string;
  /** The ledger audit of the whole exchange, for the dashboard's status. */
  audit: () => Promise<AuditReport>;
}

/** The dashboard (figures, the ledger audit, the workers' queues) and the audit trail: viewers read them. */
export function dashboardRoutes(
  app: FastifyInstance,
  call: ConsoleCalls,
  { viewer }: OperatorGuards,
  deps: DashboardDeps,
) {
  const queues = workerQueues(deps.redisUrl, app.config.REDIS_PREFIX);
  app.addHook('onClose', () => queues.close());
  call.get('/api/admin/dashboard', { role: viewer, answer: adminDashboardSchema }, async () => {
    const [figures, audit, workers] = await Promise.all([
      dashboardFigures(app.prisma, startOfTodayUtc()),
      deps.audit(),
      queues.health().catch(() => []),
    ]);
    return { ...figures, audit: auditStatus(audit), queues: workers };
  });
  call.get(
    '/api/admin/trail',
    { role: viewer, input: adminTrailQuerySchema, answer: adminTrailPageSchema },
    ({ page, limit, target_type: targetType }) =>
      listTrail(app.prisma, { page, limit, ...(targetType ? { targetType } : {}) }),
  );
}
