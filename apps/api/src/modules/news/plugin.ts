import { defineArea } from '../../http/area';
import { newsRoutes } from './routes/news';

/** Announcements and news. */
export const newsArea = defineArea((app) => {
  newsRoutes(app);
});
