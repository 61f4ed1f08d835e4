import pg from 'pg';
import type { Db, Tx } from './prisma';

/**
 * Plain SQL for the hot paths (placing orders, settling matcher batches, the ledger under them). Prisma's
 * client costs about a millisecond of CPU per statement here against a tenth of that for `pg`, so these
 * paths speak SQL directly, through this one small interface that both a `pg` transaction and a Prisma
 * transaction can serve.
 */
export interface Sql {
  query<T>(text: string, params?: unknown[]): Promise<T[]>;
  execute(text: string, params?: unknown[]): Promise<number>;
}

// `pg` hands NUMERIC and BIGINT over as exact text by default: money never passes through a float.
export function createPool(databaseUrl: string, max = 10): pg.Pool {
  return new pg.Pool({ connectionString: databaseUrl, max });
}

function clientSql(client: pg.PoolClient): Sql {
  return {
    query: async <T>(text: string, params: unknown[] = []) => (await client.query(text, params)).rows as T[],
    execute: async (text: string, params: unknown[] = []) => (await client.query(text, params)).rowCount ?? 0,
  };
}

/**
 * COMMIT itself failed (the connection broke, the server stopped): the transaction may or may not have been
 * committed, so the caller must neither report success nor blindly redo the work.
 */
export class CommitOutcomeUnknown extends Error {
  constructor(override readonly cause: unknown) {
    super(`the outcome of a commit is unknown: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'CommitOutcomeUnknown';
  }
}

/** Runs `work` in one transaction on a pooled connection: committed if it resolves, rolled back if it throws. */
export async function inTransaction<T>(pool: pg.Pool, work: (sql: Sql) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken = false;
  try {
    let result: T;
    try {
      await client.query('BEGIN');
      result = await work(clientSql(client));
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {
        broken = true;
      });
      throw error;
    }
    try {
      await client.query('COMMIT');
    } catch (error) {
      broken = true;
      throw new CommitOutcomeUnknown(error);
    }
    return result;
  } finally {
    // A connection whose state is unknown goes back to the server, not to the pool.
    client.release(broken);
  }
}

/** The same interface over a Prisma client or transaction, for callers that already hold one. */
export function prismaSql(db: Db | Tx): Sql {
  return {
    query: <T>(text: string, params: unknown[] = []) => db.$queryRawUnsafe<T[]>(text, ...params),
    execute: (text: string, params: unknown[] = []) => db.$executeRawUnsafe(text, ...params),
  };
}

/** Accepts either a Prisma transaction or an `Sql`, so the ledger serves both kinds of caller. */
export function asSql(db: Tx | Sql): Sql {
  return 'query' in db && 'execute' in db ? db : prismaSql(db);
}
