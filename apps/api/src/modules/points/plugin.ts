import { defineArea } from '../../http/area';
import { pointsPartnerOf } from './partner';
import { bindingRoutes } from './routes/binding';
import { exchangeRoutes } from './routes/exchange';

/** The points ("jc" integral) calls of document 3: partner binding, info, exchange and its history. */
export const pointsArea = defineArea((app) => {
  const partner = pointsPartnerOf(app.config.POINTS_PARTNER, app.pg);
  bindingRoutes(app, partner);
  exchangeRoutes(app, partner);
});
