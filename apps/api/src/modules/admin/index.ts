/** The operator console: the area's one public surface (app.ts, ops, tests and workers import only this). */
import './texts';
export { adminRoutes, type AdminDeps } from './routes';
export { createOperator, disableOperator, setOperatorRole, MIN_OPERATOR_PASSWORD } from './operators';
export { OPERATOR_ROLES, roleAtLeast, roleNeedsTotp, type OperatorRole } from './roles';
export { OPERATOR_ABSOLUTE_MS, OPERATOR_IDLE_MS } from './sessions';
export { totpCode } from './totp';
export { adminArea, type AdminOptions } from './plugin';
