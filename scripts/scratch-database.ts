import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { migrate } from '@exchange/kernel/db';

/**
 * A migrated database created beside DATABASE_URL (default: the local Postgres), or on the server `adminUrl`
 * names, for a benchmark, a fuzz run or the drills, and dropped by `drop()`.
 */
export async function createScratchDatabase(
  prefix: string,
  adminUrl = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres',
): Promise<{ url: string; drop: () => Promise<void> }> {
  const database = `${prefix}_${randomBytes(4).toString('hex')}`;
  const asAdmin = async (statement: string) => {
    // A connection per statement: the drills restart the server in between.
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(statement);
    } finally {
      await admin.end();
    }
  };
  await asAdmin(`CREATE DATABASE "${database}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  await migrate(url.toString());
  return {
    url: url.toString(),
    drop: () => asAdmin(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`),
  };
}
