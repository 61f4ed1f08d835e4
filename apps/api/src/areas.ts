import type { Db } from '@exchange/kernel/db';
import { auditLedger, type AreaAudit, type AuditReport } from '@exchange/kernel/ledger';
import { acceptorAudit } from './modules/acceptor';
import { c2cAudit } from './modules/c2c';
import { leverAudit, leverTransferGuard } from './modules/lever';
import { microAudit } from './modules/micro';
import { savingsAudit } from './modules/savings';
import { spotAudit } from './modules/spot';
import { teamAudit } from './modules/team';
import { walletAudit, type TransferGuard } from './modules/wallet';

/**
 * What each area plugs into the shared mechanisms, in one place: a new area adds its lines here rather than
 * the kernel or another area knowing about it.
 */

/** The holders of the funds each area locks, and the checks of its own records. */
export const AREA_AUDITS: AreaAudit[] = [
  walletAudit,
  spotAudit,
  c2cAudit,
  acceptorAudit,
  leverAudit,
  microAudit,
  savingsAudit,
  teamAudit,
];

/** Checks that keep funds in an account while something there depends on them (an open lever position). */
export const TRANSFER_GUARDS: TransferGuard[] = [leverTransferGuard];

/** The ledger audit of the whole exchange (`npm run ops -- audit`, the tests, the benchmarks). */
export const auditExchange = (prisma: Db): Promise<AuditReport> => auditLedger(prisma, AREA_AUDITS);
