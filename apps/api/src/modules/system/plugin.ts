import { defineArea } from '../../http/area';
import { systemRoutes } from './routes';

/** Settings the client reads at start (languages, options, service texts). */
export const systemArea = defineArea((app) => {
  systemRoutes(app);
});
