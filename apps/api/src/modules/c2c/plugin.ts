import fp from 'fastify-plugin';
import { defineArea, type AreaOptions } from '../../http/area';
import { P2pDeadlines } from './deadlines';
import { c2cRoutes, shopRoutes } from './routes';

/** The P2P deadline queue, shared with the acceptor area, whose deals run on the same deadlines. */
export const p2pServices = fp(
  (app, { redisUrl }: AreaOptions, done) => {
    app.decorate('p2pDeadlines', new P2pDeadlines(redisUrl, app.config.REDIS_PREFIX));
    app.addHook('onClose', () => app.p2pDeadlines.close());
    done();
  },
  { name: 'p2p-services' },
);

/** The c2c market and seller shops. */
export const c2cArea = defineArea((app) => {
  c2cRoutes(app);
  shopRoutes(app);
});
