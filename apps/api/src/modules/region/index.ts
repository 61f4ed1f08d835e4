export * from './agents';
export * from './routes';
