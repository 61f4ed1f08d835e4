import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { promisify } from 'node:util';
import pg from 'pg';
import type { Config } from '@exchange/kernel/config';
import { createPrisma, migrate } from '@exchange/kernel/db';
import { createRedis } from '@exchange/kernel/redis';
import { buildApp } from '../app';
import { auditExchange } from '../areas';
import { createMessenger } from '../modules/verification';

const run = promisify(execFile);

/**
 * Backups are Postgres alone: every balance, order, position, deadline and session lives there. Redis holds
 * only what the exchange rebuilds or can lose (order commands not yet matched are re-sent from their
 * Postgres rows, deadlines are re-enqueued by the sweepers, rate-limit counters and codes expire), so a
 * restore never needs a Redis snapshot.
 */
export interface BackupReport {
  file: string;
  bytes: number;
  sha256: string;
  tables: number;
}

/**
 * A consistent copy of the live database: pg_dump reads everything in one repeatable-read snapshot, so a
 * trade, its balances and its log rows are either all in the copy or all absent, while the exchange runs.
 */
export async function backupDatabase(databaseUrl: string, file: string): Promise<BackupReport> {
  await pgTool('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', '--file', file, databaseUrl]);
  return { file, bytes: statSync(file).size, sha256: await sha256Of(file), tables: await tablesIn(file) };
}

/** Restores a backup into a database that is new or empty: never over one that holds anything. */
export async function restoreDatabase(file: string, targetUrl: string): Promise<{ database: string }> {
  const database = databaseName(targetUrl);
  if (!existsSync(file)) throw new Error(`no backup at ${file}`);
  await createDatabaseIfMissing(targetUrl);
  if (await holdsTables(targetUrl))
    throw new Error(`database ${database} is not empty: restore only into a new or empty database`);
  await pgTool('pg_restore', [
    '--no-owner',
    '--no-privileges',
    '--exit-on-error',
    '--single-transaction',
    '--dbname',
    targetUrl,
    file,
  ]);
  return { database };
}

export interface DrillReport {
  backup: string;
  database: string;
  /** Migrations the restored copy still needed: a backup taken before an upgrade gets them here. */
  migrated: string[];
  audit: { ok: boolean; problems: unknown[] };
  /** The envelope types the restored API answered: `ok` for both when it serves. */
  api: { health: string; quotation: string };
  rows: Record<string, number>;
  kept: boolean;
}

/**
 * The restore drill: restores a backup into a scratch database beside the live one, migrates it, runs the
 * ledger audit on it and starts the API on it (its own Redis prefix, so it never hears the live exchange),
 * then drops the scratch database unless asked to keep it.
 */
export async function restoreDrill(
  config: Config,
  options: { file: string; databaseUrl: string; keep?: boolean },
): Promise<DrillReport> {
  const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
  const database = `exchange_restore_drill_${stamp}_${process.pid}`;
  const scratchUrl = onSameServer(options.databaseUrl, database);
  await restoreDatabase(options.file, scratchUrl);
  try {
    const migrated = await migrate(scratchUrl);
    const prisma = createPrisma(scratchUrl, 2);
    try {
      const audit = await auditExchange(prisma);
      const api = await answersOnRestoredCopy(config, prisma, scratchUrl, database);
      const rows = await countRows(prisma);
      return {
        backup: options.file,
        database,
        migrated,
        audit: { ok: audit.ok, problems: audit.problems },
        api,
        rows,
        kept: options.keep === true,
      };
    } finally {
      await prisma.$disconnect();
    }
  } finally {
    if (!options.keep) await dropDatabase(scratchUrl);
  }
}

async function answersOnRestoredCopy(
  config: Config,
  prisma: ReturnType<typeof createPrisma>,
  databaseUrl: string,
  database: string,
): Promise<DrillReport['api']> {
  const redisUrl = config.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const drillConfig: Config = { ...config, DATABASE_URL: databaseUrl, REDIS_PREFIX: `${database}:` };
  const redis = createRedis(redisUrl, drillConfig.REDIS_PREFIX);
  const app = await buildApp({
    config: drillConfig,
    prisma,
    redis,
    redisUrl,
    databaseUrl,
    messenger: createMessenger(prisma, { from: config.SMTP_FROM }),
  });
  try {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    // The API's own parts (its Postgres and Redis): no worker runs beside a drill, so their heartbeats are absent.
    const health = (await (await fetch(`${address}/api/health?scope=api`)).json()) as { type: string };
    const quotation = (await (await fetch(`${address}/api/currency/quotation_new`)).json()) as {
      type: string;
    };
    return { health: health.type, quotation: quotation.type };
  } finally {
    await app.close();
    redis.disconnect();
  }
}

/** The tables an operator checks first after a restore, counted. */
async function countRows(prisma: ReturnType<typeof createPrisma>): Promise<Record<string, number>> {
  const [users, wallets, accountLogs, trades, orders] = await Promise.all([
    prisma.user.count(),
    prisma.wallet.count(),
    prisma.accountLog.count(),
    prisma.spotTrade.count(),
    prisma.spotOrder.count(),
  ]);
  return { users, wallets, account_logs: accountLogs, trades, orders };
}

async function pgTool(tool: 'pg_dump' | 'pg_restore', args: string[]): Promise<void> {
  try {
    await run(tool, args, { maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const failure = error as NodeJS.ErrnoException & { stderr?: string };
    if (failure.code === 'ENOENT')
      throw new Error(`${tool} is not installed: install the PostgreSQL client of the server's version`);
    throw new Error(`${tool} failed: ${failure.stderr?.trim() || failure.message}`);
  }
}

async function tablesIn(file: string): Promise<number> {
  const { stdout } = await run('pg_restore', ['--list', file], { maxBuffer: 16 * 1024 * 1024 });
  return stdout.split('\n').filter((line) => / TABLE DATA /.test(line)).length;
}

function sha256Of(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex')));
  });
}

export function onSameServer(databaseUrl: string, database: string): string {
  const url = new URL(databaseUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

const databaseName = (databaseUrl: string) => decodeURIComponent(new URL(databaseUrl).pathname.slice(1));

async function onMaintenanceDatabase<T>(databaseUrl: string, work: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: onSameServer(databaseUrl, 'postgres') });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function createDatabaseIfMissing(databaseUrl: string): Promise<void> {
  const database = databaseName(databaseUrl);
  await onMaintenanceDatabase(databaseUrl, async (client) => {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (rowCount === 0) await client.query(`CREATE DATABASE ${pg.escapeIdentifier(database)}`);
  });
}

async function holdsTables(databaseUrl: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ count: string }>(
      "SELECT count(*) FROM information_schema.tables WHERE table_schema NOT IN ('pg_catalog', 'information_schema')",
    );
    return Number(rows[0]?.count) > 0;
  } finally {
    await client.end();
  }
}

async function dropDatabase(databaseUrl: string): Promise<void> {
  const database = databaseName(databaseUrl);
  await onMaintenanceDatabase(databaseUrl, (client) =>
    client.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(database)} WITH (FORCE)`),
  );
}
