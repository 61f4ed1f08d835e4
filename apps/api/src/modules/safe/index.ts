/** Account safety and the trade password: the area's one public surface (other areas import only this). */
import './texts';
export { assertTradePassword, resetTradePassword } from './trade-password';
export { safeArea } from './plugin';
export * as safeOperator from './operator';
