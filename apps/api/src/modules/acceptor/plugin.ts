import { defineArea } from '../../http/area';
import { acceptorRoutes } from './routes';

/** Acceptors and their deals. */
export const acceptorArea = defineArea((app) => {
  acceptorRoutes(app);
});
