import { defineArea } from '../../http/area';
import { adListRoutes } from './routes/ad-lists';
import { adRoutes } from './routes/ads';
import { appealRoutes } from './routes/appeals';
import { orderActionRoutes } from './routes/order-actions';
import { orderRoutes } from './routes/orders';
import { shopRoutes } from './routes/shops';
import { takeRoutes } from './routes/take';
import { KINDS } from './rules';

/** The c2c market (document 2) and seller shops (notes section 8): one state machine, two sets of paths. */
export const c2cArea = defineArea((app) => {
  for (const kind of KINDS) {
    adRoutes(app, kind);
    adListRoutes(app, kind);
    takeRoutes(app, kind);
    orderActionRoutes(app, kind);
    appealRoutes(app, kind);
    orderRoutes(app, kind);
  }
  shopRoutes(app);
});
