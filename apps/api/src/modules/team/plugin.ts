import { defineArea } from '../../http/area';
import { teamRoutes } from './routes/team';

/** The team tree, its counters and earnings. */
export const teamArea = defineArea((app) => {
  teamRoutes(app);
});
