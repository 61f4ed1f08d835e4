/** Regional agents: the area's one public surface (the console, ops and the seed import only this). */
import './texts';
export { assignAgent, setUserRegion } from './agents';
export { regionArea } from './plugin';
export * as regionOperator from './operator';
