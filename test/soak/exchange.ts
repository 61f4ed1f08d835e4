import { createReadStream, createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import type { AddressInfo } from 'node:net';
import type { Redis } from 'ioredis';
import type { FastifyInstance } from 'fastify';
import { startWorkers } from '@exchange/workers';
import type { Config } from '@exchange/kernel/config';
import type { Db } from '@exchange/kernel/db';
import { buildApp } from '../../apps/api/src/app';
import { createMessenger } from '../../apps/api/src/modules/verification';

export interface RunningExchange {
  /** Where the API listens, e.g. http://127.0.0.1:40123 */
  baseUrl: string;
  app: FastifyInstance;
  /** Stops workers and API (what `npm start` does on SIGTERM), then hands each line they logged to `read`. */
  stop: (read: (line: string) => void) => Promise<void>;
}

/**
 * The whole exchange as `npm start` runs it (API, matcher, risk and settlement workers, P2P deadlines, the
 * market maker) in this process, on the given database and Redis prefix, listening on a free port. Its log
 * goes to a file rather than stdout, at the configured level, so the soak can read it back.
 */
export async function startExchange(deps: {
  config: Config;
  prisma: Db;
  redis: Redis;
  redisUrl: string;
  databaseUrl: string;
  marketMaker: boolean;
}): Promise<RunningExchange> {
  const logDir = mkdtempSync(join(tmpdir(), 'exchange-soak-log-'));
  const logPath = join(logDir, 'exchange.log');
  const logFile = createWriteStream(logPath);
  const app = await buildApp({
    config: deps.config,
    prisma: deps.prisma,
    redis: deps.redis,
    redisUrl: deps.redisUrl,
    databaseUrl: deps.databaseUrl,
    messenger: createMessenger(deps.prisma, { from: deps.config.SMTP_FROM }),
    logStream: { write: (line) => logFile.write(line) },
  });
  const { stop: stopWorkers } = await startWorkers({
    prisma: deps.prisma,
    databaseUrl: deps.databaseUrl,
    marketMaker: deps.marketMaker,
    redisUrl: deps.redisUrl,
    redisPrefix: deps.config.REDIS_PREFIX,
    log: (fields, message) => app.log.info(fields, message),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    app,
    async stop(read) {
      await stopWorkers();
      await app.close();
      logFile.end();
      await finished(logFile);
      // Line by line: a long soak logs more than a string may hold.
      for await (const line of createInterface({ input: createReadStream(logPath) })) read(line);
      rmSync(logDir, { recursive: true, force: true });
    },
  };
}
