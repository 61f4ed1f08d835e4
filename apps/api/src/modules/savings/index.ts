/** Deposit savings: the area's one public surface (app, areas, workers, ops, seed and tests import only this). */
import './texts';
export { savingsAudit } from './audit';
export {
  DAY_MS,
  dayInterest,
  HOLDING_STATUS,
  openHolding,
  runningHoldings,
  SAVINGS_POOL,
  settleDue,
  settleHolding,
  termInterest,
  type SettleOutcome,
} from './holdings';
export {
  findOpenPlan,
  openPlans,
  savePlan,
  SEED_SAVINGS_PLANS,
  type PlanInput,
  type SavingsPlan,
} from './plans';
export { ACCRUE_EVERY_MS, maturityJobId, SAVINGS_QUEUE, SavingsJobs, type SavingsJob } from './queue';
export { savingsRoutes, type Clock } from './routes';
export { savingsArea } from './plugin';
