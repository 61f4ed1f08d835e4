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

/**
 * `pg` hands NUMERIC and BIGINT over as exact text by default: money never passes through a float. The
 * connections are pipelined: statements issued without waiting for the one before (BEGIN and a
 * transaction's first reads; independent writes) travel to Postgres together and come back in order, so
 * a transaction costs a few round trips instead of one per statement. Issued one at a time and awaited,
 * they behave exactly as on a plain connection.
 */
export function createPool(databaseUrl: string, max = 10): pg.Pool {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max,
    pipeline: true,
    options: KEYED_ACCESS_ONLY,
  });
  // A connection Postgres cut (a restart, a failover) reports an 'error' event: on the pool when it sat
  // idle there (the pool drops it), on the client when a transaction held it between two statements (its
  // next statement fails, and the connection is released as broken). Unheard, either event ended the whole
  // process (found by the crash drills); the statements that were running fail on their own anyway.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}

/**
 * Every statement on these connections reads or writes a few rows by key, and runs as a named statement
 * whose generic plan Postgres caches for the connection's life. A plan cached while a table was still small
 * (a fresh exchange, the first minutes of a benchmark) scans or hashes the whole table, and keeps doing so
 * as the table grows: measured, that made the batch statements several times dearer. Forbidding scans and
 * hash or merge joins leaves the planner only index lookups per key, whatever the statistics said.
 */
const KEYED_ACCESS_ONLY = '-c enable_seqscan=off -c enable_hashjoin=off -c enable_mergejoin=off';

/**
 * On a pipelined connection, holds back the socket writes of whatever is issued in the current tick and sends
 * them in one write when it ends (pg itself writes each statement on its own): fewer system calls, and
 * Postgres wakes once for the lot.
 */
function coalesceWrites(client: pg.PoolClient): void {
  const state = client as pg.PoolClient & { writesHeld?: boolean };
  if (!client.pipeline || state.writesHeld) return;
  const { stream } = client.connection;
  state.writesHeld = true;
  stream.cork();
  process.nextTick(() => {
    state.writesHeld = false;
    stream.uncork();
  });
}

/**
 * The hot paths run the same few statements all the time: each gets a name, so every connection parses and
 * plans it once and then only binds and executes it (planning the array-heavy batch statements costs
 * Postgres more than running them). Statements beyond the first few hundred texts run unnamed.
 */
const statementNames = new Map<string, string>();
const MAX_NAMED_STATEMENTS = 500;

export function statement(text: string, values: unknown[]): pg.QueryConfig {
  let name = statementNames.get(text);
  if (name === undefined && statementNames.size < MAX_NAMED_STATEMENTS) {
    name = `hot_${statementNames.size}`;
    statementNames.set(text, name);
  }
  return name === undefined ? { text, values } : { name, text, values };
}

function clientSql(client: pg.PoolClient): Sql {
  return {
    query: async <T>(text: string, params: unknown[] = []) => (await run(client, text, params)).rows as T[],
    execute: async (text: string, params: unknown[] = []) => (await run(client, text, params)).rowCount ?? 0,
  };
}

/** Postgres's answer to a statement sent behind one that failed in the same transaction. */
const IN_FAILED_TRANSACTION = '25P02';

async function run(client: pg.PoolClient, text: string, params: unknown[]): Promise<pg.QueryResult> {
  coalesceWrites(client);
  try {
    return await client.query(statement(text, params));
  } catch (error) {
    // Pipelined statements fail together: the one that broke the transaction, then every one behind it
    // with "transaction is aborted", often in the same read from the socket. The first failure is the one
    // that says why (its caller may be turning it into an answer, such as `balance_insufficient`, over a
    // few microtasks): the others wait a macrotask so that, awaited together, the first one wins.
    if ((error as { code?: unknown }).code === IN_FAILED_TRANSACTION)
      await new Promise((resolve) => setImmediate(resolve));
    throw error;
  }
}

/**
 * COMMIT itself failed without an answer from Postgres (the connection broke, the server stopped): the
 * transaction may or may not have been committed, so the caller must neither report success nor blindly
 * redo the work.
 */
export class CommitOutcomeUnknown<T = unknown> extends Error {
  constructor(
    override readonly cause: unknown,
    /** What the work returned before COMMIT: which rows it wrote, for a caller that looks them up. */
    readonly result?: T,
    /**
     * The server process that ran the transaction. Once it has ended (`backendEnded`), the transaction is
     * settled one way or the other, and a look from another connection sees the outcome for good.
     */
    readonly backendPid?: number,
  ) {
    super(`the outcome of a commit is unknown: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'CommitOutcomeUnknown';
  }
}

/**
 * Waits until the Postgres process `pid` has ended, asking on `pool` (a connection other than the one that
 * broke). A commit whose answer was lost may still be running on the server for a moment, so looking for
 * its rows before that process is gone could see "not committed" and be wrong a millisecond later.
 * False if it was still there after `timeoutMs`.
 */
export async function backendEnded(pool: pg.Pool, pid: number, timeoutMs = 5_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await pool.query('SELECT 1 FROM pg_stat_activity WHERE pid = $1', [pid]);
    if (rows.length === 0) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** An error Postgres itself answered with (it carries an SQLSTATE), as opposed to a broken connection. */
const isServerError = (error: unknown) =>
  error instanceof Error && typeof (error as { code?: unknown }).code === 'string' && 'severity' in error;

/**
 * What a transaction's work may return when it has issued its last statements without awaiting them:
 * COMMIT is sent right behind them, one round trip fewer. Every statement must be issued by then. A failure
 * before they were all sent stops the COMMIT (see `sentWhole`); a failure of Postgres ends the transaction in
 * ROLLBACK, and `done`'s error is what the transaction throws; but a check in code after a statement has
 * answered would come too late, so work returned this way must not make one.
 */
export class Issued<T> {
  /** Set once `done` has failed: seen before COMMIT when a statement failed before it was even sent. */
  failure?: { error: unknown };

  constructor(readonly done: Promise<T>) {
    done.catch((error: unknown) => {
      this.failure = { error };
    });
  }

  /**
   * Throws when the work failed before its statements were all sent (a parameter that could not be
   * encoded, a check in code between two statements): such a rejection settles within the current
   * microtasks, before the next tick, while no answer from Postgres can arrive before then. COMMIT must then
   * not follow the statements that did go out.
   */
  async sentWhole(): Promise<void> {
    await new Promise((resolve) => process.nextTick(resolve));
    if (this.failure) throw this.failure.error;
  }
}

/**
 * Runs `work` in one transaction on a pooled connection: committed if it resolves, rolled back if it
 * throws. On a pipelined connection BEGIN is not waited for: it travels with the work's first statements
 * (if it failed, so do they); and work that returns `Issued` has COMMIT travel with its last statements.
 */
export async function inTransaction<T>(
  pool: pg.Pool,
  work: (sql: Sql) => Promise<T | Issued<T>>,
): Promise<T> {
  const client = await pool.connect();
  let broken = false;
  try {
    let result: T | Issued<T>;
    // Known from the connection's start-up; named in an unknown outcome so the caller can wait it out.
    const backendPid = (client as pg.PoolClient & { processID?: number }).processID;
    try {
      coalesceWrites(client);
      const begun = client.query('BEGIN');
      begun.catch(() => undefined);
      if (!client.pipeline) await begun;
      result = await work(clientSql(client));
      if (result instanceof Issued) await result.sentWhole();
      await begun;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {
        broken = true;
      });
      throw error;
    }
    let committed: pg.QueryResult;
    try {
      coalesceWrites(client);
      const commit = client.query('COMMIT');
      if (result instanceof Issued) {
        commit.catch(() => undefined);
        result = await settleIssued(result, commit);
      }
      committed = await commit;
    } catch (error) {
      // Rolled back for sure: the connection is fine and the work's own error is the answer.
      if (error instanceof IssuedWorkFailed) throw error.cause;
      if (isServerError(error)) throw error;
      broken = true;
      throw new CommitOutcomeUnknown(error, result instanceof Issued ? undefined : result, backendPid);
    }
    // Postgres answers COMMIT of a transaction an earlier statement broke with ROLLBACK.
    if (committed.command !== 'COMMIT') throw new Error(`the transaction ended in ${committed.command}`);
    return result;
  } finally {
    // A connection whose state is unknown goes back to the server, not to the pool.
    client.release(broken);
  }
}

/**
 * The answer of work issued with its COMMIT. Should it have failed, the transaction did not commit (COMMIT
 * answered ROLLBACK) and its own error is thrown; only when COMMIT itself got no answer is the outcome
 * unknown (thrown by the caller from COMMIT's failure).
 */
async function settleIssued<T>(issued: Issued<T>, commit: Promise<pg.QueryResult>): Promise<T> {
  try {
    return await issued.done;
  } catch (error) {
    const ended = await commit;
    // Postgres commits nothing a failed statement broke; only a check in code could come too late.
    if (ended.command === 'COMMIT')
      throw new Error('issued work failed after its statements', { cause: error });
    throw new IssuedWorkFailed(error);
  }
}

/** Work issued with its COMMIT failed, and the transaction was rolled back: its error, as `cause`. */
class IssuedWorkFailed extends Error {
  constructor(override readonly cause: unknown) {
    super('issued work failed');
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

/** Reads and single statements outside a transaction, through a pool, with the `Sql` interface. */
export function poolSql(pool: pg.Pool): Sql {
  return {
    query: async <T>(text: string, params: unknown[] = []) => (await pool.query(text, params)).rows as T[],
    execute: async (text: string, params: unknown[] = []) => (await pool.query(text, params)).rowCount ?? 0,
  };
}
