import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestContext } from '../../../../test/harness';
import { createPool, inTransaction, Issued } from './sql';

/** Transactions on pipelined connections: statements sent together still commit or roll back together. */
const ctx = useTestContext();
let pool: pg.Pool;
beforeAll(async () => {
  pool = createPool(ctx.databaseUrl, 2);
  await pool.query('CREATE TABLE pipelined (id int PRIMARY KEY)');
});
afterAll(() => pool.end());

const stored = async () =>
  (await pool.query<{ id: number }>('SELECT id FROM pipelined ORDER BY id')).rows.map((row) => row.id);

describe('transactions on a pipelined connection', () => {
  it('commits statements sent without waiting for each other', async () => {
    await inTransaction(pool, (sql) =>
      Promise.all([1, 2, 3].map((id) => sql.execute('INSERT INTO pipelined VALUES ($1)', [id]))),
    );
    expect(await stored()).toEqual([1, 2, 3]);
  });

  it('rolls back all of them when one fails, including those sent after it', async () => {
    await expect(
      inTransaction(pool, (sql) =>
        Promise.all([4, 1, 5].map((id) => sql.execute('INSERT INTO pipelined VALUES ($1)', [id]))),
      ),
    ).rejects.toThrow(/duplicate key/);
    expect(await stored()).toEqual([1, 2, 3]);
    // The connection went back to the pool clean: the next transaction works.
    await inTransaction(pool, (sql) => sql.execute('INSERT INTO pipelined VALUES (6)'));
    expect(await stored()).toEqual([1, 2, 3, 6]);
  });

  it('commits issued work with its COMMIT, and on a failed statement rolls back and throws its error', async () => {
    const answer = await inTransaction(pool, (sql) =>
      Promise.resolve(
        new Issued(
          Promise.all([101, 102].map((id) => sql.execute('INSERT INTO pipelined VALUES ($1)', [id]))).then(
            () => 'written',
          ),
        ),
      ),
    );
    expect(answer).toBe('written');
    expect((await stored()).filter((id) => id > 100)).toEqual([101, 102]);
    await expect(
      inTransaction(pool, (sql) =>
        Promise.resolve(
          new Issued(
            Promise.all([103, 101].map((id) => sql.execute('INSERT INTO pipelined VALUES ($1)', [id]))),
          ),
        ),
      ),
    ).rejects.toThrow(/duplicate key/);
    expect((await stored()).filter((id) => id > 100)).toEqual([101, 102]);
    // The connection went back clean.
    await inTransaction(pool, (sql) => sql.execute('DELETE FROM pipelined WHERE id > 100'));
    expect(await stored()).toEqual([1, 2, 3, 6]);
  });

  it('answers with the failure that broke the transaction, not with the aborted statements behind it', async () => {
    // The first statement's caller turns its error into an answer over a few microtasks (as the ledger turns
    // a CHECK violation into balance_insufficient); the statements behind it, often answered in the same read,
    // must not overtake it.
    const explain = async (error: unknown) => {
      await Promise.resolve();
      await Promise.resolve();
      throw new Error('explained', { cause: error });
    };
    for (let attempt = 0; attempt < 20; attempt += 1) {
      await expect(
        inTransaction(pool, (sql) =>
          Promise.resolve(
            new Issued(
              Promise.all([
                sql.execute('INSERT INTO pipelined VALUES (1)').catch(explain),
                ...[105, 106, 107].map((id) => sql.execute('INSERT INTO pipelined VALUES ($1)', [id])),
              ]),
            ),
          ),
        ),
      ).rejects.toThrow('explained');
    }
    expect(await stored()).toEqual([1, 2, 3, 6]);
  });

  it('sends no COMMIT after issued work that failed before all of it was sent', async () => {
    await expect(
      inTransaction(pool, (sql) =>
        Promise.resolve(
          new Issued(
            Promise.all([
              sql.execute('INSERT INTO pipelined VALUES (104)'),
              Promise.reject(new Error('a parameter that could not be encoded')),
            ]),
          ),
        ),
      ),
    ).rejects.toThrow('a parameter that could not be encoded');
    expect((await stored()).filter((id) => id > 100)).toEqual([]);
  });

  it('never reports a commit when a statement failed but the work swallowed the error', async () => {
    await expect(
      inTransaction(pool, async (sql) => {
        await sql.execute('INSERT INTO pipelined VALUES (7)');
        await sql.execute('INSERT INTO pipelined VALUES (1)').catch(() => 0);
        return 'done';
      }),
    ).rejects.toThrow(/ROLLBACK/);
    expect(await stored()).toEqual([1, 2, 3, 6]);
  });
});

describe('a connection Postgres cut', () => {
  const terminate = async (pid: number | undefined) => {
    await pool.query('SELECT pg_terminate_backend($1)', [pid]);
    await expect
      .poll(async () => (await pool.query('SELECT 1 FROM pg_stat_activity WHERE pid = $1', [pid])).rowCount)
      .toBe(0);
  };
  const backendOf = async (own: pg.Pool) =>
    (await own.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]?.pid;

  it('leaves the process running and the pool working when the connection sat idle (a Postgres restart ended the API and workers)', async () => {
    const own = createPool(ctx.databaseUrl, 1);
    const pid = await backendOf(own);
    await terminate(pid);
    // The pool learns of the cut when the socket closes, a moment after the server process is gone; a
    // statement sent in between would fail as it would in production.
    await expect.poll(() => own.totalCount).toBe(0);
    expect(await backendOf(own)).not.toBe(pid);
    await own.end();
  });

  it('fails only the transaction that held the connection between two statements', async () => {
    const own = createPool(ctx.databaseUrl, 1);
    const pid = await backendOf(own);
    await expect(
      inTransaction(own, async (sql) => {
        await sql.execute('INSERT INTO pipelined VALUES (8)');
        await terminate(pid);
        await sql.execute('INSERT INTO pipelined VALUES (9)');
      }),
    ).rejects.toThrow();
    expect(await stored()).toEqual([1, 2, 3, 6]);
    expect(await backendOf(own)).not.toBe(pid);
    await own.end();
  });
});
