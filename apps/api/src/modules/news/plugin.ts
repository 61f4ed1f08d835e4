import { defineArea } from '../../http/area';
import { newsRoutes } from './routes';

/** Announcements and news. */
export const newsArea = defineArea((app) => {
  newsRoutes(app);
});
