import { defineArea } from '../../http/area';
import { realNameRoutes } from './routes/real-name';
import { uploadRoutes } from './routes/upload';

/** Identity verification and the images it uploads. */
export const identityArea = defineArea((app) => {
  uploadRoutes(app);
  realNameRoutes(app);
});
