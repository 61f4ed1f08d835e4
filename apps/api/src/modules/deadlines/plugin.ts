import fp from 'fastify-plugin';
import { closedWithApp, type AreaOptions } from '../../http/area';
import { P2pDeadlines } from './deadlines';

// Declared by the module that decorates it, so http/ names no area.
declare module 'fastify' {
  interface FastifyInstance {
    p2pDeadlines: P2pDeadlines;
  }
}

/** The P2P deadline queue, shared by the c2c and acceptor areas, whose orders and deals run on deadlines. */
export const p2pServices = fp(
  (app, { redisUrl }: AreaOptions, done) => {
    app.decorate('p2pDeadlines', closedWithApp(app, new P2pDeadlines(redisUrl, app.config.REDIS_PREFIX)));
    done();
  },
  { name: 'p2p-services' },
);
