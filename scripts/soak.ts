import { randomBytes } from 'node:crypto';
import { loadConfig } from '@exchange/kernel/config';
import { createPrisma } from '@exchange/kernel/db';
import { createRedis } from '@exchange/kernel/redis';
import { seedDatabase } from '../prisma/seed';
import { describeReport, runSoak } from '../test/soak/soak';
import { createScratchDatabase } from './scratch-database';

/**
 * `npm run soak -- --minutes M --users U [--seed N]`: the whole exchange (API, workers, market maker) on a
 * scratch database, U traders and an operator working it at once through HTTP for M minutes; then every
 * acknowledged action checked in the database, the totals, the audit and the log. Exits 1 on any failure.
 */
const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const index = args.indexOf(name);
  const value = index >= 0 ? Number(args[index + 1]) : fallback;
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} takes a number`);
  return value;
};
const minutes = option('--minutes', 1);
const users = Math.max(1, Math.floor(option('--users', 8)));
const seed = Math.floor(option('--seed', Date.now() % 1_000_000));

async function main(): Promise<void> {
  const scratch = await createScratchDatabase('exchange_soak');
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: scratch.url,
    REDIS_PREFIX: `soak:${randomBytes(4).toString('hex')}:`,
    LOG_LEVEL: 'info',
    WEB_DIST_DIR: '/nonexistent',
  });
  const prisma = createPrisma(scratch.url, 10);
  const redisUrl = config.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const redis = createRedis(redisUrl, config.REDIS_PREFIX);
  try {
    await seedDatabase(prisma, { demoUsers: false });
    const report = await runSoak({
      config,
      prisma,
      redis,
      redisUrl,
      databaseUrl: scratch.url,
      users,
      durationMs: minutes * 60_000,
      seed,
    });
    for (const line of describeReport(report)) console.log(line);
    if (!report.ok) process.exitCode = 1;
  } finally {
    const keys = await redis.keys(`${config.REDIS_PREFIX}*`);
    const unprefixed = keys.map((key) => key.slice(config.REDIS_PREFIX.length));
    if (unprefixed.length > 0) await redis.del(...unprefixed);
    redis.disconnect();
    await prisma.$disconnect();
    await scratch.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
