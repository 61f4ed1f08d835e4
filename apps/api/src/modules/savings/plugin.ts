import { defineArea } from '../../http/area';
import { savingsRoutes } from './routes';

/** Deposit savings. */
export const savingsArea = defineArea((app, { redisUrl }) => {
  savingsRoutes(app, redisUrl);
});
