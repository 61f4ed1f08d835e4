import './texts';
export * from './admin';
export * from './audit';
export * from './deals';
export * from './routes';
export * from './rules';
export { acceptorArea } from './plugin';
