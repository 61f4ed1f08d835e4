import type pg from 'pg';
import type { Sql } from '@exchange/kernel/db';

/** Reads outside a transaction, through the pool, with the `Sql` interface the module's queries take. */
export function poolSql(pool: pg.Pool): Sql {
  return {
    query: async <T>(text: string, params: unknown[] = []) => (await pool.query(text, params)).rows as T[],
    execute: async (text: string, params: unknown[] = []) => (await pool.query(text, params)).rowCount ?? 0,
  };
}
