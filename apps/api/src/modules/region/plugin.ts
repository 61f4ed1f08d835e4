import { defineArea } from '../../http/area';
import { regionRoutes } from './routes';

/** Regional agents. */
export const regionArea = defineArea((app) => {
  regionRoutes(app);
});
