import cluster from 'node:cluster';
import { buildApp } from '../../apps/api/src/app';
import { loadConfig } from '@exchange/kernel/config';
import { createPrisma } from '@exchange/kernel/db';
import { createRedis } from '@exchange/kernel/redis';
import { createMessenger } from '../../apps/api/src/modules/verification';

/**
 * The API alone, for the spot benchmark: on an already migrated and seeded database (DATABASE_URL), on
 * PORT at 127.0.0.1, in `--processes N` node cluster workers sharing the port. Tells its parent
 * `{ ready: true }` once every worker listens, answers `{ stats: true }` with the group-commit totals, and
 * closes cleanly on SIGTERM.
 */
const processesFlag = process.argv.indexOf('--processes');
const processes = processesFlag > 0 ? Number(process.argv[processesFlag + 1] ?? 1) : 1;

async function serve(): Promise<void> {
  const config = loadConfig();
  const databaseUrl = config.DATABASE_URL;
  const redisUrl = config.REDIS_URL;
  if (!databaseUrl || !redisUrl) throw new Error('the benchmark server needs DATABASE_URL and REDIS_URL');
  const prisma = createPrisma(databaseUrl, 4);
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
  process.on('message', (message: { stats?: boolean }) => {
    if (message.stats) process.send?.({ stats: app.placements.stats });
  });
  process.send?.({ ready: true });
}

type Stats = { commits: number; orders: number; commitMs: number };

if (processes > 1 && cluster.isPrimary) {
  let ready = 0;
  let reports: Stats[] = [];
  for (let index = 0; index < processes; index += 1) {
    cluster.fork().on('message', (message: { ready?: boolean; stats?: Stats }) => {
      ready += message.ready ? 1 : 0;
      if (message.ready && ready === processes) process.send?.({ ready: true });
      if (!message.stats) return;
      reports.push(message.stats);
      if (reports.length < processes) return;
      process.send?.({
        stats: reports.reduce((sum, stats) => ({
          commits: sum.commits + stats.commits,
          orders: sum.orders + stats.orders,
          commitMs: sum.commitMs + stats.commitMs,
        })),
      });
      reports = [];
    });
  }
  // The group-commit totals of all workers, on request.
  process.on('message', (message: { stats?: boolean }) => {
    if (message.stats)
      for (const worker of Object.values(cluster.workers ?? {})) worker?.send({ stats: true });
  });
  process.once('SIGTERM', () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    cluster.on('exit', () => {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
    });
  });
} else {
  serve().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
