export * from './routes';
export * from './trade-password';
