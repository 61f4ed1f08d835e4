/** Seconds contracts and their insurance: the surface for the app, the console, the settler, ops and benches. */
import './texts';
export { microAudit } from './audit';
export { loadNames, orderView } from './order-row';
export { setMicroPairOptions } from './pair-options';
export { outcomeOf, SETTLE_GRACE_MS } from './prices';
export { expiryJobOf, MICRO_QUEUE, MicroQueue, type ExpiryJob } from './queue';
export { countDue, emptyTimings, settleDue } from './settle';
export { type MicroOrderRow } from './submit-order';
export { verifySettlements } from './verify';
export { microArea } from './plugin';
export * as microOperator from './operator';
