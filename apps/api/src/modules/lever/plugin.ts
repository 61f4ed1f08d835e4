import { defineArea } from '../../http/area';
import { leverRoutes } from './routes';

/** Leveraged contracts. */
export const leverArea = defineArea((app) => {
  leverRoutes(app);
});
