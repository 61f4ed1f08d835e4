export * from './currencies';
export * from './deposit';
export * from './routes';
export * from './withdraw';
export { TRANSFER_GUARDS, type TransferGuard } from './transfer';
export * from './house-fund';
export * from './audit';
export type { TransferGuard } from './transfer';
export * from './house-funding';
