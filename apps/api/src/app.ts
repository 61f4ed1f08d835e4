import { existsSync, mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { Config } from './config';
import type { Db } from './db/prisma';
import { createPool } from './db/sql';
import { registerAuth } from './http/auth';
import { registerErrorHandling } from './http/error-handler';
import { SessionCache } from './http/session-cache';
import { DEFAULT_LOCALE, requestedLocale } from './http/i18n';
import { realNameRoutes } from './modules/identity/real-name';
import { UPLOAD_URL_PREFIX, uploadRoutes } from './modules/identity/upload';
import { newsRoutes } from './modules/news/routes';
import { paymentAccountRoutes } from './modules/payment-account/routes';
import { walletRoutes } from './modules/wallet/routes';
import { OrderResults, SpotQueues } from './modules/spot/queue';
import { PlacementCommitter } from './modules/spot/placement-committer';
import { orderRoutes } from './modules/spot/order-routes';
import { marketRoutes } from './modules/spot/market-routes';
import { safeRoutes } from './modules/safe/routes';
import { systemRoutes } from './modules/system/routes';
import { loginRoutes } from './modules/user/login';
import { passwordResetRoutes } from './modules/user/password-reset';
import { profileRoutes } from './modules/user/profile';
import { registerRoute } from './modules/user/register';
import type { Messenger } from './modules/verification/messenger';
import { verificationRoutes } from './modules/verification/routes';
import { attachRealtime, userRoom } from './realtime/socket';
import { toAmountString } from './ledger/money';

export interface AppDeps {
  config: Config;
  prisma: Db;
  /** The same database for `pg`: the hot paths speak plain SQL (see db/sql.ts). */
  databaseUrl: string;
  /** Redis with this instance's key prefix (rate limits, cooldowns, socket adapter). */
  redis: Redis;
  /** The same Redis by URL, for BullMQ and pub/sub, which manage their own connections and prefixes. */
  redisUrl: string;
  messenger: Messenger;
}

/** The whole HTTP and socket surface of the exchange, on the given connections (tests pass their own). */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: deps.config.LOG_LEVEL },
    trustProxy: true,
    bodyLimit: 1024 * 1024,
    genReqId: () => Math.random().toString(36).slice(2, 12),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', deps.config);
  app.decorate('prisma', deps.prisma);
  app.decorate('redis', deps.redis);
  app.decorate('messenger', deps.messenger);
  app.decorate('pg', createPool(deps.databaseUrl, 10));
  app.decorate('spotQueues', new SpotQueues(deps.redisUrl, deps.config.REDIS_PREFIX));
  app.decorate('orderResults', new OrderResults(deps.redisUrl, deps.config.REDIS_PREFIX));
  app.decorate(
    'placements',
    new PlacementCommitter({
      pool: app.pg,
      queues: app.spotQueues,
      results: app.orderResults,
      log: (fields, message) => app.log.error(fields, message),
    }),
  );
  app.decorate('sessions', new SessionCache(app.pg, deps.redis, deps.redisUrl, deps.config.REDIS_PREFIX));
  await Promise.all([app.orderResults.whenReady(), app.sessions.whenReady()]);
  app.addHook('onClose', async () => {
    await app.placements.settled();
    await Promise.all([app.spotQueues.close(), app.orderResults.close(), app.sessions.close()]);
    await app.pg.end();
  });
  app.decorateRequest('locale', DEFAULT_LOCALE);
  app.addHook('onRequest', (request, _reply, done) => {
    request.locale = requestedLocale(request.headers);
    done();
  });

  registerErrorHandling(app);
  registerAuth(app);
  await app.register(swagger, {
    openapi: { info: { title: 'Exchange API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });
  await app.register(formbody);
  await app.register(multipart, { limits: { fileSize: deps.config.UPLOAD_MAX_BYTES, files: 1, fields: 10 } });

  // The request schemas of every route, as OpenAPI: generated from the same zod schemas that validate.
  app.get('/api/openapi.json', { schema: { hide: true } }, () => app.swagger());
  app.get('/api/health', async () => {
    await deps.prisma.$queryRaw`SELECT 1`;
    await deps.redis.ping();
    return { type: 'ok', message: 'healthy' };
  });
  for (const routes of [
    systemRoutes,
    newsRoutes,
    verificationRoutes,
    registerRoute,
    loginRoutes,
    passwordResetRoutes,
    profileRoutes,
    safeRoutes,
    uploadRoutes,
    realNameRoutes,
    paymentAccountRoutes,
    walletRoutes,
    orderRoutes,
    marketRoutes,
  ]) {
    routes(app);
  }

  mkdirSync(resolve(deps.config.UPLOAD_DIR), { recursive: true });
  await app.register(fastifyStatic, {
    root: resolve(deps.config.UPLOAD_DIR),
    prefix: UPLOAD_URL_PREFIX,
    decorateReply: false,
  });
  const webRoot = resolve(deps.config.WEB_DIST_DIR);
  if (existsSync(webRoot)) await app.register(fastifyStatic, { root: webRoot, prefix: '/', wildcard: false });

  const io = attachRealtime(app);
  // A user's own order updates, from the verdicts this process receives anyway: to its own sockets only
  // (every API process gets every batch), so they cost no socket.io traffic through Redis.
  app.orderResults.onBatch(({ market, results }) => {
    for (const result of results) {
      const room = userRoom(result.userId);
      if (!io.sockets.adapter.rooms.has(room)) continue;
      io.local.to(room).emit('spot_order', {
        ...market,
        id: result.orderId,
        state: result.state,
        filled: toAmountString(result.filled),
      });
    }
  });
  return app;
}
