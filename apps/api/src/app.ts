import type { SpotOrderPush } from '@exchange/contracts';
import { existsSync, mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { Config } from '@exchange/kernel/config';
import type { Db } from '@exchange/kernel/db';
import { createPool } from '@exchange/kernel/db';
import { auditExchange, TRANSFER_GUARDS } from './areas';
import { adminRoutes } from './modules/admin';
import { registerAuth } from './http/auth';
import { answerFrameworkError, BODY_LIMIT_BYTES, registerErrorHandling } from './http/error-handler';
import { clientErrorHandler, registerSecurityHeaders } from './http/security-headers';
import { SessionCache } from './http/session-cache';
import { DEFAULT_LOCALE, requestedLocale } from '@exchange/kernel/i18n';
import { realNameRoutes, UPLOAD_URL_PREFIX, uploadRoutes } from './modules/identity';
import { newsRoutes } from './modules/news';
import { paymentAccountRoutes } from './modules/payment-account';
import { walletRoutes } from './modules/wallet';
import { leverRoutes } from './modules/lever';
import { OrderResults, SpotQueues, PlacementCommitter, orderRoutes, marketRoutes } from './modules/spot';
import { microRoutes } from './modules/micro';
import { safeRoutes } from './modules/safe';
import { systemRoutes } from './modules/system';
import { loginRoutes, passwordResetRoutes, profileRoutes, registerRoute } from './modules/user';
import type { Messenger } from './modules/verification';
import { verificationRoutes } from './modules/verification';
import { userRoom } from '@exchange/kernel/realtime';
import { attachRealtime } from './realtime/socket';
import { toAmountString } from '@exchange/kernel/ledger';
import { acceptorRoutes } from './modules/acceptor';
import { c2cRoutes, P2pDeadlines, shopRoutes } from './modules/c2c';
import { regionRoutes } from './modules/region';
import { pointsRoutes } from './modules/points';
import { savingsRoutes } from './modules/savings';
import { teamRoutes } from './modules/team';

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
  /** Where the server's log lines go instead of stdout (the soak reads them back for leaked secrets). */
  logStream?: { write: (line: string) => void };
}

/** The whole HTTP and socket surface of the exchange, on the given connections (tests pass their own). */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: deps.config.LOG_LEVEL, ...(deps.logStream ? { stream: deps.logStream } : {}) },
    // Forwarding headers count only from the proxies TRUST_PROXY names: the per-address limits depend on it.
    trustProxy: deps.config.TRUST_PROXY,
    bodyLimit: BODY_LIMIT_BYTES,
    clientErrorHandler,
    frameworkErrors: answerFrameworkError,
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
  app.decorate('p2pDeadlines', new P2pDeadlines(deps.redisUrl, deps.config.REDIS_PREFIX));
  await Promise.all([app.orderResults.whenReady(), app.sessions.whenReady()]);
  app.addHook('onClose', async () => {
    await app.placements.settled();
    await Promise.all([
      app.spotQueues.close(),
      app.orderResults.close(),
      app.sessions.close(),
      app.p2pDeadlines.close(),
    ]);
    await app.pg.end();
  });
  app.decorateRequest('locale', DEFAULT_LOCALE);
  app.addHook('onRequest', (request, _reply, done) => {
    request.locale = requestedLocale(request.headers);
    done();
  });

  registerErrorHandling(app);
  registerSecurityHeaders(app, resolve(deps.config.WEB_DIST_DIR));
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
    (instance: FastifyInstance) => walletRoutes(instance, TRANSFER_GUARDS),
    orderRoutes,
    marketRoutes,
    leverRoutes,
    c2cRoutes,
    shopRoutes,
    acceptorRoutes,
    regionRoutes,
    pointsRoutes,
    teamRoutes,
  ]) {
    routes(app);
  }
  microRoutes(app, deps.redisUrl);
  savingsRoutes(app, deps.redisUrl);
  adminRoutes(app, { redisUrl: deps.redisUrl, audit: () => auditExchange(app.prisma) });

  mkdirSync(resolve(deps.config.UPLOAD_DIR), { recursive: true });
  await app.register(fastifyStatic, {
    root: resolve(deps.config.UPLOAD_DIR),
    prefix: UPLOAD_URL_PREFIX,
    decorateReply: false,
  });
  const webRoot = resolve(deps.config.WEB_DIST_DIR);
  if (existsSync(webRoot)) {
    await app.register(fastifyStatic, { root: webRoot, prefix: '/', wildcard: false });
    // Browsers ask for /favicon.ico on pages that name no icon (the sandbox checkout, a JSON answer opened
    // in a tab) and log the 404 as an error: they get the client's icon.
    app.get('/favicon.ico', (_request, reply) => reply.type('image/svg+xml').sendFile('favicon.svg'));
  }

  const io = attachRealtime(app);
  // A user's own order updates, from the verdicts this process receives anyway: to its own sockets only
  // (every API process gets every batch), so they cost no socket.io traffic through Redis.
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
  return app;
}
