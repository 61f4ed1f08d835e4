import type { FastifyInstance } from 'fastify';
import { accountOverviewRoutes } from './account-overview';
import { balanceRoutes } from './balances';
import { depositRoutes } from './deposit-routes';
import { logRoutes } from './logs';
import { depositWithdrawalRecordRoutes } from './records';
import { paymentRoutes } from './payment/routes';
import { transferRoutes, type TransferGuard } from './transfer';
import { withdrawAddressRoutes } from './withdraw-addresses';
import { withdrawalRoutes } from './withdrawal-routes';

/** The wallet's calls; `transferGuards` are the other areas' checks on transfers (apps/api/src/areas.ts). */
export function walletRoutes(app: FastifyInstance, transferGuards: TransferGuard[]): void {
  balanceRoutes(app);
  accountOverviewRoutes(app);
  logRoutes(app);
  depositWithdrawalRecordRoutes(app);
  transferRoutes(app, transferGuards);
  withdrawalRoutes(app);
  depositRoutes(app);
  paymentRoutes(app);
  withdrawAddressRoutes(app);
}
