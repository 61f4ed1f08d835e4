/** Users and sessions: the area's one public surface (other areas, workers, ops and seed import only this). */
import './texts';
export { maskAccount, normaliseAreaCode } from './account';
export { returnLoginGuess, takeLoginGuess } from './login-throttle';
export { hashSecret, verifySecret } from './passwords';
export { createUser } from './register';
export { createUserAsOperator, type UserByOperator } from './create-as-operator';
export { findInviter, ROOT_INVITE_CODE } from './invites';
export { openSession } from './sessions';
export { assertFundsMovable, setFundsFrozen } from './frozen-funds';
export { userArea } from './plugin';
export * as userOperator from './operator';
