import type { SpotOrderPush } from '@exchange/contracts';
import fp from 'fastify-plugin';
import { toAmountString } from '@exchange/kernel/ledger';
import { userRoom } from '@exchange/kernel/realtime';
import { defineArea, type AreaOptions } from '../../http/area';
import type { FastifyInstance } from 'fastify';
import { Placements } from './placements';
import { OrderResults, SpotCommands } from './queue';
import { bookRoute } from './routes/book';
import { candleRoutes } from './routes/candles';
import { favoriteRoutes } from './routes/favorites';
import { marketListRoutes } from './routes/market-list';
import { orderListRoute } from './routes/order-list';
import { cancelOrderRoute, placeOrderRoute } from './routes/orders';

// Declared by the area that decorates them, so http/ names no area.
declare module 'fastify' {
  interface FastifyInstance {
    spotCommands: SpotCommands;
    orderResults: OrderResults;
    placements: Placements;
  }
}

/**
 * The order path's services, shared with the areas that place or cancel spot orders (lever, the console):
 * the per-market command streams, the matcher's verdicts and the placements' sender.
 */
export const spotServices = fp(
  async (app, { redisUrl }: AreaOptions) => {
    app.decorate('spotCommands', new SpotCommands(redisUrl, app.config.REDIS_PREFIX));
    app.decorate('orderResults', new OrderResults(redisUrl, app.config.REDIS_PREFIX));
    app.decorate(
      'placements',
      new Placements({ pool: app.pg, commands: app.spotCommands, results: app.orderResults }),
    );
    await app.orderResults.whenReady();
    app.addHook('onClose', async () => {
      await Promise.all([app.spotCommands.close(), app.orderResults.close()]);
    });
  },
  { name: 'spot-services' },
);

/** Spot trading: orders, the book, candles, tickers and favourites, and each user's own order pushes. */
export const spotArea = defineArea((app) => {
  placeOrderRoute(app);
  cancelOrderRoute(app);
  orderListRoute(app);
  marketListRoutes(app);
  bookRoute(app);
  candleRoutes(app);
  favoriteRoutes(app);
  app.addHook('onReady', () => {
    pushOwnOrderUpdates(app);
  });
});

/**
 * A user's own order updates, from the verdicts this process receives anyway: to its own sockets only (every
 * API process gets every batch), so they cost no socket.io traffic through Redis.
 */
function pushOwnOrderUpdates(app: FastifyInstance): void {
  const io = app.io;
  app.orderResults.onBatch(({ market, results }) => {
    for (const result of results) {
      const room = userRoom(result.userId);
      if (!io.sockets.adapter.rooms.has(room)) continue;
      const push: SpotOrderPush = {
        ...market,
        id: result.orderId,
        state: result.state,
        filled: toAmountString(result.filled),
      };
      io.local.to(room).emit('spot_order', push);
    }
  });
}
