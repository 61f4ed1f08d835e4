import { defineArea } from '../../http/area';
import { microRoutes } from './routes';

/** Seconds contracts and their insurance. */
export const microArea = defineArea((app, { redisUrl }) => {
  microRoutes(app, redisUrl);
});
