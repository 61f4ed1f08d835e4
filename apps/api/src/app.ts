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
import { DEFAULT_LOCALE, requestedLocale } from '@exchange/kernel/i18n';
import { auditExchange, TRANSFER_GUARDS } from './areas';
import type { AreaOptions } from './http/area';
import { registerAuth } from './http/auth';
import { answerFrameworkError, BODY_LIMIT_BYTES, registerErrorHandling } from './http/error-handler';
import { exchangeHealth, registerHealth } from './http/health';
import { registerMetrics } from './http/metrics';
import { clientErrorHandler, registerSecurityHeaders } from './http/security-headers';
import { SessionCache } from './http/session-cache';
import { acceptorArea } from './modules/acceptor';
import { adminArea } from './modules/admin';
import { c2cArea } from './modules/c2c';
import { p2pServices } from './modules/deadlines';
import { identityArea, UPLOAD_URL_PREFIX } from './modules/identity';
import { leverArea } from './modules/lever';
import { microArea } from './modules/micro';
import { newsArea } from './modules/news';
import { paymentAccountArea } from './modules/payment-account';
import { pointsArea } from './modules/points';
import { regionArea } from './modules/region';
import { safeArea } from './modules/safe';
import { savingsArea } from './modules/savings';
import { spotArea, spotServices } from './modules/spot';
import { systemArea } from './modules/system';
import { teamArea } from './modules/team';
import { userArea } from './modules/user';
import type { Messenger } from './modules/verification';
import { verificationArea } from './modules/verification';
import { walletArea } from './modules/wallet';
import { attachRealtime } from './realtime/socket';

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
  app.decorate('sessions', new SessionCache(app.pg, deps.redis, deps.redisUrl, deps.config.REDIS_PREFIX));
  await app.sessions.whenReady();
  // Registered first, so it runs after the areas' own onClose hooks (those close before their parents).
  app.addHook('onClose', async () => {
    await app.sessions.close();
    await app.pg.end();
  });
  app.decorateRequest('locale', DEFAULT_LOCALE);
  app.addHook('onRequest', (request, _reply, done) => {
    request.locale = requestedLocale(request.headers);
    done();
  });

  registerErrorHandling(app);
  registerMetrics(app, () => exchangeHealth(app));
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
  registerHealth(app);
  const areaOptions: AreaOptions = { redisUrl: deps.redisUrl };
  await app.register(spotServices, areaOptions);
  await app.register(p2pServices, areaOptions);
  for (const area of [
    systemArea,
    newsArea,
    verificationArea,
    userArea,
    safeArea,
    identityArea,
    paymentAccountArea,
    spotArea,
    leverArea,
    microArea,
    c2cArea,
    acceptorArea,
    regionArea,
    pointsArea,
    teamArea,
    savingsArea,
  ]) {
    await app.register(area, areaOptions);
  }
  await app.register(walletArea, { ...areaOptions, transferGuards: TRANSFER_GUARDS });
  await app.register(adminArea, { ...areaOptions, audit: () => auditExchange(app.prisma) });

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

  attachRealtime(app);
  return app;
}
