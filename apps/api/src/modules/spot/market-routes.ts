import type { FastifyInstance } from 'fastify';
import { bookRoutes } from './book-routes';
import { candleRoutes } from './candle-routes';
import { favoriteRoutes } from './favorite-routes';
import { marketListRoutes } from './market-list';

/** Spot market data: the list, a market's book and trades, candles, and the caller's favourite pairs. */
export function marketRoutes(app: FastifyInstance): void {
  marketListRoutes(app);
  bookRoutes(app);
  candleRoutes(app);
  favoriteRoutes(app);
}
