import { defineArea, type AreaOptions } from '../../http/area';
import { accountListRoutes } from './routes/account-list';
import { balanceDetailRoutes, walletListRoutes } from './routes/balances';
import { depositRoutes } from './routes/deposits';
import { logRoutes } from './routes/logs';
import { paymentRoutes } from './routes/payment';
import { recordRoute } from './routes/records';
import { transferRoute } from './routes/transfer';
import { addressServiceRoutes, withdrawAddressRoutes } from './routes/withdraw-addresses';
import { withdrawalRoutes } from './routes/withdrawals';
import type { TransferGuard } from './transfer';

interface WalletOptions extends AreaOptions {
  /** What other areas require before funds leave their account (lever: no open position may go short). */
  transferGuards: TransferGuard[];
}

/** The four accounts, deposits, withdrawals, transfers and their records. */
export const walletArea = defineArea<WalletOptions>((app, { transferGuards }) => {
  walletListRoutes(app);
  balanceDetailRoutes(app);
  accountListRoutes(app);
  logRoutes(app);
  recordRoute(app);
  transferRoute(app, transferGuards);
  withdrawalRoutes(app);
  depositRoutes(app);
  paymentRoutes(app);
  addressServiceRoutes(app);
  withdrawAddressRoutes(app);
});
