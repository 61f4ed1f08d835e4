/** Points exchange and partner binding: the area's one public surface (app, ops and tests import only this). */
import './texts';
export { bindPartner, findBinding } from './binding';
export { exchangePoints, PARTNER_POOL, quoteExchange, readJcTerms, type JcTerms } from './exchange';
export type { PointsPartner } from './partner';
export { createSandboxPartner, SANDBOX_OPENING_POINTS, SANDBOX_PASSWORD } from './partner-sandbox';
export * as pointsOperator from './operator';
export { POINTS_DECIMALS } from './points-decimals';
export { pointsArea } from './plugin';
