import { loadConfig } from '@exchange/kernel/config';
import { createPrisma } from '@exchange/kernel/db';
import { DEFAULT_REDIS_URL } from '@exchange/kernel/infra';
import { startWorkers } from './';

/** `npm run workers`: the background workers on their own, as docker-compose runs them beside the API. */
async function main(): Promise<void> {
  const config = loadConfig();
  if (!config.DATABASE_URL) throw new Error('npm run workers needs DATABASE_URL');
  const prisma = createPrisma(config.DATABASE_URL, 5);
  const stop = await startWorkers({
    prisma,
    databaseUrl: config.DATABASE_URL,
    marketMaker: config.MARKET_MAKER,
    spotArchiveDays: config.SPOT_ARCHIVE_DAYS,
    redisUrl: config.REDIS_URL ?? DEFAULT_REDIS_URL,
    redisPrefix: config.REDIS_PREFIX,
    log: (fields, message) => console.log(JSON.stringify({ ...fields, msg: message })),
  });
  console.log('[workers] running');
  const shutdown = () => {
    void stop()
      .then(() => prisma.$disconnect())
      .then(() => process.exit(0));
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  console.error(`[workers] failed to start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
