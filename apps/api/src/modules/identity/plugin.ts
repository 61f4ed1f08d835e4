import { defineArea } from '../../http/area';
import { realNameRoutes } from './real-name';
import { uploadRoutes } from './upload';

/** Identity verification and the images it uploads. */
export const identityArea = defineArea((app) => {
  uploadRoutes(app);
  realNameRoutes(app);
});
