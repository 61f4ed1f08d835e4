/** Leveraged contracts: the area's surface for the app, the console, the risk worker, ops, benches and tests. */
import './texts';
export { activateEntrusts } from './activate-entrusts';
export { leverAudit } from './audit';
export { batchClose, leverChangedChannel, type LeverDeps, type SettledPosition } from './close-position';
export { markAges, recordMarks, reliableMark } from './mark-price';
export { impactPrice, MarkTracker, type MarkParams } from './mark-tracker';
export { leverOptionsView, setLeverOptions } from './options';
export { chargeOvernightFees, shanghaiDay } from './overnight-fee';
export { accountKey, emptyAccount } from './risk-book';
export { RiskEngine } from './risk-engine';
export { leverTransferGuard } from './transfer-guard';
export { leverArea } from './plugin';
export * as leverOperator from './operator';
