export * from './prisma';
export * from './sql';
export * from './migrate';
export type * from '../generated/prisma/client';
