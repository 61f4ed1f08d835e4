import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  adminMarketSchema,
  adminPairBodySchema,
  adminPairFlagsBodySchema,
  adminPairFlagsSchema,
  adminPairLeverBodySchema,
  adminPairLeverSchema,
  adminPairMicroBodySchema,
  adminPairMicroSchema,
  adminPairSettingsSchema,
  adminPairSpotSchema,
} from '@exchange/contracts';
import { leverOperator } from '../../lever';
import { microOperator } from '../../micro';
import { spotOperator } from '../../spot';
import type { ConsoleCalls } from './calls';
import { trailFor, type OperatorGuards } from '../guard';
import { listPairSettings } from '../pair-settings';

/**
 * Markets and the pair editor: viewers read the pairs with their spot, lever and seconds settings; admins
 * list, delist, open and close a pair and change each of its settings through the owning area.
 */
export function marketRoutes(app: FastifyInstance, call: ConsoleCalls, { viewer, admin }: OperatorGuards) {
  const spot = { prisma: app.prisma, redis: app.redis, redisPrefix: app.config.REDIS_PREFIX };
  call.get('/api/admin/markets', { role: viewer, answer: z.array(adminMarketSchema) }, () =>
    spotOperator.listPairs(app.prisma),
  );
  call.post(
    '/api/admin/markets/flags',
    { role: admin, input: adminPairFlagsBodySchema, answer: adminPairFlagsSchema },
    (body, request) => spotOperator.setPairFlags(spot, body, trailFor(request)),
  );
  call.get('/api/admin/products/pairs', { role: viewer, answer: z.array(adminPairSettingsSchema) }, () =>
    listPairSettings(app.prisma),
  );
  call.post(
    '/api/admin/products/pairs/save',
    { role: admin, input: adminPairBodySchema, answer: adminPairSpotSchema },
    (body, request) => spotOperator.savePairSettings(spot, body, trailFor(request)),
  );
  call.post(
    '/api/admin/products/pairs/lever',
    { role: admin, input: adminPairLeverBodySchema, answer: adminPairLeverSchema },
    (body, request) => leverOperator.savePairLever(app.prisma, body, trailFor(request)),
  );
  call.post(
    '/api/admin/products/pairs/micro',
    { role: admin, input: adminPairMicroBodySchema, answer: adminPairMicroSchema },
    (body, request) => microOperator.savePairMicro(app.prisma, body, trailFor(request)),
  );
}
