/** Verification codes and their messenger: the area's one public surface (other areas import only this). */
export { consumeCode, issueCode, verifyCode, withVerifiedCode } from './codes';
export { createMessenger, type Messenger } from './messenger';
export { verificationRoutes } from './routes';
export { messageUser, notifyUser } from './user-notices';
export { verificationArea } from './plugin';
