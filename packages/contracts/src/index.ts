export * from './acceptor';
export * from './envelope';
export * from './lever';
export * from './paging';
export * from './market';
export * from './micro';
export * from './spot';
export * from './p2p';
