import { defineArea } from '../../http/area';
import { regionRoutes } from './routes/agents';

/** Regional agents. */
export const regionArea = defineArea((app) => {
  regionRoutes(app);
});
