export * from './envelope';
export * from './market';
export * from './spot';
export * from './team';
