import type { FastifyInstance } from 'fastify';
import { balanceRoutes } from './balances';
import { depositRoutes } from './deposit-routes';
import { logRoutes } from './logs';
import { paymentRoutes } from './payment/routes';
import { transferRoutes } from './transfer';
import { withdrawAddressRoutes } from './withdraw-addresses';
import { withdrawalRoutes } from './withdrawal-routes';

export function walletRoutes(app: FastifyInstance): void {
  balanceRoutes(app);
  logRoutes(app);
  transferRoutes(app);
  withdrawalRoutes(app);
  depositRoutes(app);
  paymentRoutes(app);
  withdrawAddressRoutes(app);
}
