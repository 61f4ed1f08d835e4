import { buildApp } from '../../apps/api/src/app';
import { loadConfig } from '@exchange/kernel/config';
import { createPrisma } from '@exchange/kernel/db';
import { createRedis } from '@exchange/kernel/redis';
import { createMessenger } from '../../apps/api/src/modules/verification';

/**
 * The drills' API process: the API alone (WORKERS off, as the docker-compose `api` service runs it) on an
 * already migrated and seeded DATABASE_URL, listening on PORT at 127.0.0.1. The workers run in a process of
 * their own (`npm run workers`, workers/src/main.ts).
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const { DATABASE_URL: databaseUrl, REDIS_URL: redisUrl } = config;
  if (!databaseUrl || !redisUrl) throw new Error('the drill API needs DATABASE_URL and REDIS_URL');
  const prisma = createPrisma(databaseUrl, 6);
  const redis = createRedis(redisUrl, config.REDIS_PREFIX);
  const app = await buildApp({
    config,
    prisma,
    redis,
    redisUrl,
    databaseUrl,
    messenger: createMessenger(prisma, { from: config.SMTP_FROM }),
  });
  await app.listen({ port: config.PORT, host: '127.0.0.1' });
  console.log(`[drill api] listening on ${config.PORT}`);
  process.once('SIGTERM', () => {
    void app
      .close()
      .then(() => prisma.$disconnect())
      .finally(() => {
        redis.disconnect();
        process.exit(0);
      });
  });
}

main().catch((error: unknown) => {
  console.error('[drill api] failed to start', error);
  process.exit(1);
});
