export * from './currencies';
export * from './deposit';
export * from './routes';
export * from './withdraw';
export * from './audit';
export type { TransferGuard } from './transfer';
export * from './house-funding';
