import { defineArea, type AreaOptions } from '../../http/area';
import type { AuditReport } from '@exchange/kernel/ledger';
import { consoleCalls } from './routes/calls';
import { operatorGuards } from './guard';
import { authRoutes } from './routes/auth';
import { dashboardRoutes } from './routes/dashboard';
import { identityRoutes } from './routes/identities';
import { marketRoutes } from './routes/markets';
import { moneyRoutes } from './routes/money';
import { signerRoutes } from './routes/signer';
import { noticeRoutes } from './routes/notices';
import { operatorRoutes } from './routes/operators';
import { appealRoutes, partyRoutes } from './routes/p2p';
import { pointsRoutes } from './routes/points';
import { productRoutes } from './routes/products';
import { userRoutes } from './routes/users';

export interface AdminOptions extends AreaOptions {
  /** The ledger audit of the whole exchange, for the dashboard's status. */
  audit: () => Promise<AuditReport>;
}

/**
 * The operators' console under /api/admin, one registrar per screen. Each route names its minimum role (the
 * guards check the operator's session on the server before anything is parsed); money calls also take a
 * fresh two-factor code. The console owns operators, roles, two-factor, sessions and the trail; every other
 * change goes through the owning area's operator actions, which write the trail line in their transaction.
 */
export const adminArea = defineArea<AdminOptions>((app, { redisUrl, audit }) => {
  const guards = operatorGuards(app);
  const call = consoleCalls(app, guards);
  authRoutes(app, guards);
  dashboardRoutes(app, call, guards, { redisUrl, audit });
  userRoutes(app, call, guards);
  identityRoutes(app, call, guards);
  moneyRoutes(app, call, guards);
  signerRoutes(app, call, guards);
  appealRoutes(app, call, guards);
  partyRoutes(app, call, guards);
  marketRoutes(app, call, guards);
  productRoutes(app, call, guards);
  pointsRoutes(app, call, guards);
  noticeRoutes(app, call, guards);
  operatorRoutes(app, call, guards);
});
