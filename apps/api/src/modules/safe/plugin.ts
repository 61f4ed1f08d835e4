import { defineArea } from '../../http/area';
import { safeRoutes } from './routes';

/** Account security: trade password, bound phone and e-mail. */
export const safeArea = defineArea((app) => {
  safeRoutes(app);
});
