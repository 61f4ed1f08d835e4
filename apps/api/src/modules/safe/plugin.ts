import { defineArea } from '../../http/area';
import { bindingRoutes } from './routes/binding';
import { tradePasswordRoutes } from './routes/trade-password';

/** Account security: trade password, bound phone and e-mail. */
export const safeArea = defineArea((app) => {
  tradePasswordRoutes(app);
  bindingRoutes(app);
});
