import type { Sql } from '@exchange/kernel/db';

/** The raw Laravel paginator shape some of the contract's lists answer with (contract notes section 2). */
export function laravelPaginator<T>(rows: T[], total: number, page: number, perPage: number, path: string) {
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const url = (target: number) => `${path}?page=${target}`;
  const from = total === 0 ? null : (page - 1) * perPage + 1;
  return {
    current_page: page,
    data: rows,
    first_page_url: url(1),
    from,
    last_page: lastPage,
    last_page_url: url(lastPage),
    next_page_url: page < lastPage ? url(page + 1) : null,
    path,
    per_page: perPage,
    prev_page_url: page > 1 ? url(page - 1) : null,
    to: from === null ? null : from + rows.length - 1,
    total,
  };
}

/**
 * One page of a user's rows, newest first by the caller's ORDER BY, and how many there are in all. `rowsSql`
 * takes the user as `$1`, the page size as `$2` and the offset as `$3`; the count reads `table` by user_id.
 */
export async function pageOfUserRows<Row>(
  sql: Sql,
  query: { rowsSql: string; table: string; userId: number; page: number; perPage: number },
) {
  const rows = await sql.query<Row>(query.rowsSql, [
    query.userId,
    query.perPage,
    (query.page - 1) * query.perPage,
  ]);
  const [count] = await sql.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM ${query.table} WHERE user_id = $1`,
    [query.userId],
  );
  return { total: count?.total ?? 0, rows };
}
