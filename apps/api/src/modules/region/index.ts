import './texts';
export * from './agents';
export * from './routes';
export { regionArea } from './plugin';
export * as regionOperator from './operator';
