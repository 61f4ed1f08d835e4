import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { execFileSync } from 'node:child_process';
import { evmSignerOf, startWorkers } from '@exchange/workers';
import { seedDatabase } from '../../../prisma/seed';
import { buildApp } from '@exchange/api/app';
import { auditExchange } from '@exchange/api/areas';
import { loadConfig } from '@exchange/kernel/config';
import { migrate, createPrisma, prismaSql } from '@exchange/kernel/db';
import { checkHealth, healthAnswer } from '@exchange/kernel/health';
import { startMetricsListener } from '@exchange/kernel/metrics';
import { claimRedisNames, createRedis, exchangeIdentity } from '@exchange/kernel/redis';
import { startEmbeddedPostgres, resolveRedis } from '@exchange/kernel/infra';
import { createMessenger } from '@exchange/api/modules/verification';

/**
 * `npm start`: the whole exchange on one port. Brings up (or finds) Postgres and Redis, migrates, seeds an
 * empty database, builds the web client when it is missing, then serves /api, /wss/ and the client, and
 * runs the workers in the same process.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const log = (line: string) => console.log(`[exchange] ${line}`);
  const embedded = config.DATABASE_URL
    ? undefined
    : await startEmbeddedPostgres(config.EMBEDDED_PG_DIR, config.EMBEDDED_PG_PORT, log);
  const databaseUrl = config.DATABASE_URL ?? embedded?.url ?? '';
  const redisEndpoint = await resolveRedis(config.REDIS_URL, log);

  const applied = await migrate(databaseUrl);
  if (applied.length > 0) log(`applied migrations: ${applied.join(', ')}`);
  const prisma = createPrisma(databaseUrl);
  const releaseRedisNames = await claimRedisNames(
    redisEndpoint.url,
    config.REDIS_PREFIX,
    await exchangeIdentity(prismaSql(prisma)),
    { onLost: (message) => log(`ERROR ${message}`) },
  );
  const { seeded } = await seedDatabase(prisma, { demoUsers: config.SEED_DEMO });
  if (seeded) log('seeded an empty database with markets, news and demo accounts');

  if (!existsSync(resolve(config.WEB_DIST_DIR, 'index.html'))) {
    log('building the web client (first start)');
    execFileSync('npm', ['run', 'build', '-w', 'apps/web'], { stdio: 'inherit' });
  }

  const redis = createRedis(redisEndpoint.url, config.REDIS_PREFIX);
  const app = await buildApp({
    config,
    prisma,
    redis,
    redisUrl: redisEndpoint.url,
    databaseUrl,
    messenger: createMessenger(prisma, { url: config.SMTP_URL, from: config.SMTP_FROM }),
  });
  const workers = config.WORKERS
    ? await startWorkers({
        prisma,
        databaseUrl,
        marketMaker: config.MARKET_MAKER,
        spotArchiveDays: config.SPOT_ARCHIVE_DAYS,
        audit: () => auditExchange(prisma),
        auditEveryMinutes: config.AUDIT_EVERY_MINUTES,
        redisUrl: redisEndpoint.url,
        redisPrefix: config.REDIS_PREFIX,
        evm: config.EVM,
        log: (fields, message) => app.log.info(fields, message),
        evmSigner: evmSignerOf(config),
      })
    : undefined;
  await app.listen({ port: config.PORT, host: config.HOST });
  log(`exchange is up on http://localhost:${config.PORT} (API /api, socket.io /wss/)`);
  // Metrics and health away from the public port (README, Operating it): the API's and the workers' metrics.
  const metrics = config.METRICS_PORT
    ? await startMetricsListener({
        host: config.METRICS_HOST,
        port: config.METRICS_PORT,
        token: config.METRICS_TOKEN,
        health: async () =>
          healthAnswer(
            await checkHealth({ postgres: () => prisma.$queryRaw`SELECT 1`, redis, workers: 'roster' }),
          ),
      })
    : undefined;
  if (metrics) log(`metrics on http://${config.METRICS_HOST}:${metrics.port}/metrics`);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: shutting down`);
    await metrics?.close();
    await workers?.stop();
    await app.close();
    await releaseRedisNames();
    redis.disconnect();
    await prisma.$disconnect();
    redisEndpoint.stop();
    await embedded?.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(`[exchange] failed to start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
