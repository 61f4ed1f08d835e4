/** Verification codes and their messenger: the area's one public surface (other areas import only this). */
import './texts';
export { isEmail, parseAccount, type AccountKind, type ParsedAccount } from './accounts';
export { consumeCode, issueCode, verifyCode, withVerifiedCode } from './codes';
export { createMessenger, type Messenger } from './messenger';
export { messageUser, notifyUser } from './user-notices';
export { verificationArea } from './plugin';
export * as verificationOperator from './operator';
