import { randomBytes } from 'node:crypto';
import { loadConfig, type Config } from '@exchange/kernel/config';
import { createPrisma, type Db } from '@exchange/kernel/db';
import { createRedis } from '@exchange/kernel/redis';
import type { Redis } from 'ioredis';
import { seedDatabase } from '../prisma/seed';
import { createScratchDatabase } from './scratch-database';

/** `--name N` from the command line, or `fallback`; anything but a number from 0 up is refused. */
export function numberOption(args: string[], name: string, fallback: number): number {
  const index = args.indexOf(name);
  const value = index >= 0 ? Number(args[index + 1]) : fallback;
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} takes a number`);
  return value;
}

export interface ScratchExchange {
  config: Config;
  prisma: Db;
  redis: Redis;
  redisUrl: string;
  databaseUrl: string;
  /** Disconnects Redis and Postgres and drops the scratch database. */
  close: () => Promise<void>;
}

/**
 * A seeded scratch database (no demo users) with its own Redis prefix, for a run of the whole exchange that
 * must leave nothing behind: the fuzz run and the soak.
 */
export async function openScratchExchange(options: {
  name: string;
  logLevel: string;
  connections: number;
}): Promise<ScratchExchange> {
  const scratch = await createScratchDatabase(`exchange_${options.name}`);
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: scratch.url,
    REDIS_PREFIX: `${options.name}:${randomBytes(4).toString('hex')}:`,
    LOG_LEVEL: options.logLevel,
    WEB_DIST_DIR: '/nonexistent',
  });
  const prisma = createPrisma(scratch.url, options.connections);
  const redisUrl = config.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const redis = createRedis(redisUrl, config.REDIS_PREFIX);
  const close = async () => {
    redis.disconnect();
    await prisma.$disconnect();
    await scratch.drop();
  };
  try {
    await seedDatabase(prisma, { demoUsers: false });
  } catch (error) {
    await close();
    throw error;
  }
  return { config, prisma, redis, redisUrl, databaseUrl: scratch.url, close };
}
