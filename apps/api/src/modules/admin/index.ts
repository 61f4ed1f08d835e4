/** The operator console: the area's one public surface (app.ts, ops, tests and workers import only this). */
import './texts';
export { createOperator, disableOperator, setOperatorRole } from './operators';
export { OPERATOR_ROLES, type OperatorRole } from './roles';
export { totpCode } from './totp';
export { COMMAND_LINE, trailOf } from './trail';
export { adminArea, type AdminOptions } from './plugin';
