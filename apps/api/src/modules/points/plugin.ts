import { defineArea } from '../../http/area';
import { pointsRoutes } from './routes';

/** Points: balance, binding, exchange and history. */
export const pointsArea = defineArea((app) => {
  pointsRoutes(app);
});
