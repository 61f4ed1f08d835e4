export * from './real-name';
export * from './upload';
