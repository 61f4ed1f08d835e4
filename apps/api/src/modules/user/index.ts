/** Users and sessions: the area's one public surface (other areas, workers, ops and seed import only this). */
import './texts';
export { maskAccount, normaliseAreaCode } from './account';
// Accounts are parsed as verification addresses them; named here too for the areas that take them from users.
export { isEmail, parseAccount, type ParsedAccount } from '../verification';
export { returnLoginGuess, takeLoginGuess } from './login-throttle';
export { hashSecret, verifySecret } from './passwords';
export { createUser } from './register';
export { findInviter, ROOT_INVITE_CODE } from './invites';
export { openSession } from './sessions';
// Session lookup and the trading guard live in http/ (below every area); named here for the areas that took them from users.
export { hashToken, tokenFromHeader } from '../../http/sessions';
export { assertMayTrade } from '../../http/auth';
export { assertFundsMovable, setFundsFrozen } from './frozen-funds';
export { userArea } from './plugin';
export * as userOperator from './operator';
