import { defineArea, type AreaOptions } from '../../http/area';
import { walletRoutes } from './routes';
import type { TransferGuard } from './transfer';

export interface WalletOptions extends AreaOptions {
  /** What other areas require before funds leave their account (lever: no open position may go short). */
  transferGuards: TransferGuard[];
}

/** The four accounts, deposits, withdrawals, transfers and their records. */
export const walletArea = defineArea<WalletOptions>((app, { transferGuards }) => {
  walletRoutes(app, transferGuards);
});
