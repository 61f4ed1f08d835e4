export * from './codes';
export * from './messenger';
export * from './routes';
