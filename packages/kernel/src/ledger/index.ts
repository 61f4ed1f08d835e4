export * from './accounts';
export * from './log-types';
export * from './money';
export * from './ledger';
export * from './writer';
export * from './audit';
export * from './house';
export * from './checkpoint';
