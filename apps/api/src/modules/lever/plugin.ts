import { defineArea } from '../../http/area';
import { positionViews } from './position-views';
import { closeRoutes } from './routes/close';
import type { LeverRoutes } from './routes/context';
import { positionRoutes } from './routes/positions';
import { submitRoutes } from './routes/submit';

/** Leveraged contracts. */
export const leverArea = defineArea((app) => {
  const lever: LeverRoutes = {
    deps: { prisma: app.prisma, pool: app.pg, redis: app.redis, redisPrefix: app.config.REDIS_PREFIX },
    views: positionViews(app.prisma),
  };
  positionRoutes(app, lever);
  submitRoutes(app, lever);
  closeRoutes(app, lever);
});
