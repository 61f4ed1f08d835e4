import type { Sql } from '../db/sql';
import { LOG_TYPES } from './log-types';

/** Log rows folded per statement: a bounded transaction however far behind the archival is. */
const FOLD_CHUNK_ROWS = 50_000;

/**
 * Which log rows may be folded, as an SQL condition on `l` (an account_logs row) with the users as `$1` and
 * the cutoff as `$2`. The caller names the rows whose records it is about to drop.
 */
export type FoldableRows = string;

/**
 * Folds old account-log rows of the given users into checkpoints: each (user, currency, account, locked or
 * not) gets ONE row of type CHECKPOINT whose delta is the sum of the rows it replaces (ref_id: how many
 * original rows it stands for), with the id, time and balance_after of the last of them, so a history read by id still ends each stretch on the right balance.
 * Every balance still equals the sum of its log, which is what the audit proves; what is lost is only the
 * detail of the folded rows. The rows to fold are deleted and their checkpoints written in one statement, so
 * no reader ever sees a sum without its rows or rows twice. Rows newer than the cutoff are never touched.
 * Returns how many rows were folded and how many checkpoint rows stand for them now.
 */
export async function foldLogRows(
  sql: Sql,
  query: { userIds: number[]; before: Date; rows: FoldableRows; chunkRows?: number },
): Promise<{ folded: number; checkpoints: number }> {
  const chunk = query.chunkRows ?? FOLD_CHUNK_ROWS;
  let folded = 0;
  // Chunks by id; each leaves a checkpoint per balance, folded again (checkpoints only) at the end.
  for (;;) {
    const [done] = await sql.query<{ rows: number }>(
      foldStatement(
        `l.user_id = ANY($1::int[]) AND l.created_at < $2 AND l.type <> ${LOG_TYPES.CHECKPOINT} AND (${query.rows})
         ORDER BY l.id LIMIT ${chunk}`,
      ),
      [query.userIds, query.before],
    );
    folded += done?.rows ?? 0;
    if ((done?.rows ?? 0) < chunk) break;
  }
  // Several checkpoints of one balance (earlier runs, several chunks) become one.
  await sql.query(
    foldStatement(
      `l.user_id = ANY($1::int[]) AND l.created_at < $2 AND l.type = ${LOG_TYPES.CHECKPOINT}
       AND (l.user_id, l.currency_id, l.account, l.is_lock) IN (
         SELECT user_id, currency_id, account, is_lock FROM account_logs
         WHERE user_id = ANY($1::int[]) AND created_at < $2 AND type = ${LOG_TYPES.CHECKPOINT}
         GROUP BY 1, 2, 3, 4 HAVING count(*) > 1)`,
    ),
    [query.userIds, query.before],
  );
  const [left] = await sql.query<{ checkpoints: number }>(
    `SELECT count(*)::int AS checkpoints FROM account_logs
     WHERE user_id = ANY($1::int[]) AND type = ${LOG_TYPES.CHECKPOINT}`,
    [query.userIds],
  );
  return { folded, checkpoints: left?.checkpoints ?? 0 };
}

/**
 * Deletes the rows `condition` picks and writes, per balance, the checkpoint that carries their sum, under the
 * id of the last of them (no row with that id exists any more once the deletion is done, and later rows keep
 * their places after it). Answers how many rows it folded, checkpoints included.
 */
function foldStatement(condition: string): string {
  return `
    WITH folded AS (
      DELETE FROM account_logs WHERE id IN (SELECT l.id FROM account_logs l WHERE ${condition})
      RETURNING id, user_id, currency_id, account, is_lock, delta, balance_after, created_at, type, ref_id
    ), sums AS (
      SELECT user_id, currency_id, account, is_lock, SUM(delta) AS delta, max(id) AS id,
        SUM(CASE WHEN type = ${LOG_TYPES.CHECKPOINT} THEN ref_id::bigint ELSE 1 END) AS rows,
        (array_agg(balance_after ORDER BY id DESC))[1] AS balance_after, max(created_at) AS created_at
      FROM folded GROUP BY user_id, currency_id, account, is_lock
    ), written AS (
      INSERT INTO account_logs (id, user_id, currency_id, account, is_lock, delta, balance_after, type, ref_type, ref_id, memo, created_at)
      SELECT id, user_id, currency_id, account, is_lock, delta, balance_after, ${LOG_TYPES.CHECKPOINT}, 'checkpoint', rows::text,
        'checkpoint of ' || rows || ' rows', created_at
      FROM sums RETURNING id
    )
    SELECT (SELECT count(*) FROM folded)::int AS rows, (SELECT count(*) FROM written)::int AS checkpoints`;
}
