export * from './redis';
export * from './embedded-postgres';
