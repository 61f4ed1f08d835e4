/** Points exchange and partner binding: the area's one public surface (app, ops and tests import only this). */
import './texts';
export { changePoints, pointsOf, POINTS_DECIMALS, type PointsChange } from './balance';
export { bindPartner, findBinding } from './binding';
export { exchangePoints, PARTNER_POOL, quoteExchange, readJcTerms, type JcTerms } from './exchange';
export { grantPoints } from './grant';
export { pointsArea } from './plugin';
