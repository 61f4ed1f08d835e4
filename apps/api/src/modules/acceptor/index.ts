import './texts';
/**
 * Acceptors and their deals: the one public surface of the area. app.ts, the console, ops, the workers, the
 * seed and the harnesses import these names; everything else in this folder is private.
 */
export { createAcceptor } from './admin';
export { acceptorAudit } from './audit';
export { ACCEPTOR_DEADLINES } from './deal-deadlines';
export { openDeal } from './deals';
export { acceptorArea } from './plugin';
export * as acceptorOperator from './operator';
