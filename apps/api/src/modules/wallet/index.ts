/** Wallets: the area's one public surface (other areas, workers, ops and seed import only this). */
export { findCurrency } from './currencies';
export { bookDeposit, creditDeposit } from './deposit';
export { walletRoutes } from './routes';
export { completeWithdrawal, rejectWithdrawal, WITHDRAWAL_STATUS } from './withdraw';
export * from './audit';
export type { TransferGuard } from './transfer';
export * from './house-funding';
