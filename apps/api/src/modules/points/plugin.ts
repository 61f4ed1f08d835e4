import { defineArea } from '../../http/area';
import { bindingRoutes } from './routes/binding';
import { exchangeRoutes } from './routes/exchange';

/** The points ("jc" integral) calls of document 3: partner binding, info, exchange and its history. */
export const pointsArea = defineArea((app) => {
  bindingRoutes(app);
  exchangeRoutes(app);
});
