/** Users and sessions: the area's one public surface (other areas, workers, ops and seed import only this). */
export { isEmail, maskAccount, normaliseAreaCode, parseAccount, type ParsedAccount } from './account';
export { loginRoutes } from './login';
export { returnLoginGuess, takeLoginGuess } from './login-throttle';
export { passwordResetRoutes } from './password-reset';
export { hashSecret, verifySecret } from './passwords';
export { profileRoutes } from './profile';
export { createUser, findInviter, registerRoute } from './register';
export { findSessionUser, hashToken, openSession, tokenFromHeader } from './sessions';
export { assertFundsMovable, assertMayTrade, setFundsFrozen } from './frozen-funds';
export { userArea } from './plugin';
