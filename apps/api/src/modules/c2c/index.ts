import './texts';
/**
 * The c2c market and seller shops: the one public surface of the area. app.ts, the console, ops, the
 * workers, the seed and the harnesses import these names; everything else in this folder is private.
 */
export { c2cArea } from './plugin';
export { c2cAudit } from './audit';
export { p2pContext, type P2pContext } from './context';
export { ORDER_DEADLINES } from './order-deadlines';
export { resolveAppeal } from './orders';
export { publishAd } from './publish-ad';
export { isWay, WAY_NAMES, type Kind } from './rules';
export { approveSeller } from './sellers';
export { takeAd } from './take-ad';
export * as c2cOperator from './operator';
