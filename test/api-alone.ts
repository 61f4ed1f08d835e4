import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '@exchange/kernel/config';
import { createPrisma } from '@exchange/kernel/db';
import { createRedis } from '@exchange/kernel/redis';
import { createMessenger } from '../apps/api/src/modules/verification';

/**
 * The API alone in a process of its own (WORKERS off, as the docker-compose `api` service runs it), as the
 * drills and the spot benchmark start it: on an already migrated and seeded DATABASE_URL, listening on PORT
 * at 127.0.0.1, closing cleanly (the app, then Prisma and Redis) on SIGTERM. Answers the listening app.
 */
export async function serveApiAlone(who: string, connections: number) {
  const config = loadConfig();
  const { DATABASE_URL: databaseUrl, REDIS_URL: redisUrl } = config;
  if (!databaseUrl || !redisUrl) throw new Error(`${who} needs DATABASE_URL and REDIS_URL`);
  const prisma = createPrisma(databaseUrl, connections);
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
  process.once('SIGTERM', () => {
    void app
      .close()
      .then(() => prisma.$disconnect())
      .finally(() => {
        redis.disconnect();
        process.exit(0);
      });
  });
  return app;
}
