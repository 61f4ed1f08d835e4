/** Deposit savings: the area's one public surface (app, areas, workers, ops, seed and tests import only this). */
import './texts';
export { savingsAudit } from './audit';
export { DAY_MS, HOLDING_STATUS, runningHoldings, settleDue, settleHolding, type Clock } from './holdings';
export { openPlans, savePlan, SEED_SAVINGS_PLANS } from './plans';
export { savingsPrincipals } from './records';
export { maturityJobId, SAVINGS_QUEUE, SavingsJobs, type SavingsJob } from './queue';
export { savingsArea } from './plugin';
export * as savingsOperator from './operator';
