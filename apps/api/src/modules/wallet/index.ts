/** Wallets: the area's one public surface (other areas, workers, ops and seed import only this). */
import './texts';
import './chain/signer-texts';
export { findCurrency } from './currencies';
export { bookDeposit, creditDeposit } from './deposit';
export {
  completeWithdrawal,
  rejectWithdrawal,
  requireTradePassword,
  WITHDRAWAL_STATUS,
  type WithinWithdrawal,
} from './withdraw';
export { walletAudit } from './audit';
export { describeLog } from './logs';
export type { TransferGuard } from './transfer';
export { fundHousePool, TREASURY_ACCOUNT } from './house-funding';
export { walletArea } from './plugin';
export { createEvmSource } from './chain/evm-source';
export type { ChainSource } from './chain/source';
export {
  chainDepositPush,
  startWatching,
  watchStep,
  type ChainDepositEvent,
  type WatchDeps,
} from './chain/watcher';
export * as walletOperator from './operator';
export {
  openEvmReader,
  openSigner,
  type SignerContext,
  type SignerDeps,
  type SignerPoint,
} from './chain/signer-context';
export { signerRound } from './chain/signer';
export { reconcileWithdrawals } from './chain/signer-audit';
export { reconcileDeposits } from './chain/deposit-audit';
export { sweepPlan } from './chain/sweep-plan';
