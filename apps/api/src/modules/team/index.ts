/**
 * The team area (issue #13): the invite tree a level at a time with its counters, referral rebates on seconds
 * and lever fees, and the profit records. Its one public surface: the routes, the rebate hook the fee-taking
 * areas call inside their fee's transaction, the rebate job the workers run, and the audit's checks.
 *
 * The member and verified counters (team_stats) are kept by triggers that the migration
 * 20261125110000_team installs on users and identity_verifications: every path that creates a user or
 * changes an identity's review (registration, operators, the seed, the market maker, the back office) keeps
 * them true in its own transaction without knowing this area, and the audit proves they match the tree.
 */
import './texts';
export { teamAudit } from './audit';
export { rebuildTeamCounters } from './counters';
export { FEE_SOURCES, recordTeamFees, type FeeSource, type TeamFee } from './fees';
export { listProfits, PROFIT_LOG_TYPES } from './profits';
export { parseRebateRates, rebateOf, type RebateRates, type RebateSettings } from './rebate-rules';
export { payRebateBatch, payTeamRebates, REBATE_BATCH_SIZE, type PayRebatesOptions } from './rebates';
export { PERFORMANCE_CURRENCY, teamLevel, type TeamLevelInput } from './tree';
export { teamArea } from './plugin';
