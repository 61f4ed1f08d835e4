import { closedWithApp, defineArea, errorLog } from '../../http/area';
import { MicroQueue } from './queue';
import { insuranceRoutes } from './routes/insurance';
import { optionRoutes } from './routes/options';
import { orderRoutes } from './routes/orders';

/** Seconds contracts (document 3, section 7) and their insurance. */
export const microArea = defineArea((app, { redisUrl }) => {
  const queue = closedWithApp(app, new MicroQueue(redisUrl, app.config.REDIS_PREFIX));
  optionRoutes(app);
  orderRoutes(app, { prisma: app.prisma, pool: app.pg, queue, redis: app.redis, log: errorLog(app) });
  insuranceRoutes(app);
});
