export * from './routes';
export * from './settings';
