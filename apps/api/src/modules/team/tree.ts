import type pg from 'pg';
import type { TeamLevel, TeamPerformance as Performance, TeamSummary } from '@exchange/contracts';
import { AppError } from '@exchange/kernel/errors';
import { toAmountString } from '@exchange/kernel/ledger';
import { formatDateTime } from '../../http/format';
import { maskAccount } from '../user';

/** The currency whose team performance is the headline figure (`top_upnumber`): what seconds and lever settle in. */
export const PERFORMANCE_CURRENCY = 'USDT';

export interface TeamLevelInput {
  /** The node to expand; the caller's own node when absent. */
  userId?: number | undefined;
  accountNumber?: string | undefined;
  page: number;
  limit: number;
}

interface UserRow {
  id: number;
  account_number: string;
  parent_id: number | null;
  ancestors: number[];
}

interface StatsRow {
  user_id: number;
  direct_count: number;
  team_count: number;
  verified_count: number;
  today_verified: number;
}

const STATS_COLUMNS = `COALESCE(s.direct_count, 0) AS direct_count, COALESCE(s.team_count, 0) AS team_count,
  COALESCE(s.verified_count, 0) AS verified_count,
  CASE WHEN s.today_date = (now() AT TIME ZONE 'UTC')::date THEN s.today_verified ELSE 0 END AS today_verified`;

/**
 * POST /api/getNode: one level of the caller's team tree, the node's direct referrals a page at a time, each
 * with the counters of its own team (members, verified members, performance) read from team_stats and
 * team_performance: no subtree is counted per request. Only the caller's own subtree answers: a node
 * outside it, or one that does not exist, is `team_node_not_found`, whatever the id names.
 */
export async function teamLevel(pool: pg.Pool, callerId: number, input: TeamLevelInput): Promise<TeamLevel> {
  const node = await findNode(pool, callerId, input);
  if (node.id !== callerId && !node.ancestors.includes(callerId)) throw new AppError('team_node_not_found');
  const offset = (input.page - 1) * input.limit;
  const [summaryRows, children] = await Promise.all([
    pool.query<StatsRow>(
      `SELECT u.id AS user_id, ${STATS_COLUMNS} FROM users u LEFT JOIN team_stats s ON s.user_id = u.id WHERE u.id = $1`,
      [node.id],
    ),
    pool.query<StatsRow & { account_number: string; created_at: Date; verified: boolean }>(
      // The page's ids first, from the (parent_id, id) index alone, then only those rows are joined. `id + 0`:
      // ordered by id itself, the planner walks the whole primary key filtering on parent_id (it guesses a
      // wide node's children are spread out; they are the newest); sorting the node's own ids is cheap.
      `WITH page AS (SELECT id FROM users WHERE parent_id = $1 ORDER BY id + 0 LIMIT $2 OFFSET $3)
       SELECT u.id AS user_id, u.account_number, u.created_at, COALESCE(v.review_status = 2, false) AS verified,
         ${STATS_COLUMNS}
       FROM page
       JOIN users u ON u.id = page.id
       LEFT JOIN team_stats s ON s.user_id = u.id
       LEFT JOIN identity_verifications v ON v.user_id = u.id
       ORDER BY u.id`,
      [node.id, input.limit, offset],
    ),
  ]);
  const ids = [node.id, ...children.rows.map((child) => child.user_id)];
  const performance = await performanceOf(pool, ids);
  const summary = summaryOf(summaryRows.rows[0], performance.get(node.id) ?? []);
  return {
    show_message: summary,
    node: { id: node.id, name: maskAccount(node.account_number), parent_id: node.parent_id },
    results: children.rows.map((child) => ({
      id: child.user_id,
      name: maskAccount(child.account_number),
      parent_id: node.id,
      is_verified: child.verified ? 1 : 0,
      has_children: child.direct_count > 0 ? 1 : 0,
      created_at: formatDateTime(child.created_at),
      ...summaryOf(child, performance.get(child.user_id) ?? []),
    })),
    total: summary.direct_number,
    page: input.page,
    limit: input.limit,
  };
}

async function findNode(pool: pg.Pool, callerId: number, input: TeamLevelInput): Promise<UserRow> {
  const columns = 'id, account_number, parent_id, team_ancestors(parents_path) AS ancestors';
  const { rows } =
    input.userId !== undefined
      ? await pool.query<UserRow>(`SELECT ${columns} FROM users WHERE id = $1`, [input.userId])
      : input.accountNumber
        ? await pool.query<UserRow>(`SELECT ${columns} FROM users WHERE account_number = $1`, [
            input.accountNumber,
          ])
        : await pool.query<UserRow>(`SELECT ${columns} FROM users WHERE id = $1`, [callerId]);
  const [node] = rows;
  if (!node) throw new AppError('team_node_not_found');
  return node;
}

function summaryOf(stats: StatsRow | undefined, performance: Performance[]): TeamSummary {
  const headline = performance.find((row) => row.currency_name === PERFORMANCE_CURRENCY);
  return {
    team_number: stats?.team_count ?? 0,
    direct_number: stats?.direct_count ?? 0,
    real_teamnumber: stats?.verified_count ?? 0,
    today_real_teamnumber: stats?.today_verified ?? 0,
    top_upnumber: headline?.fees ?? '0',
    performance,
  };
}

/** The team performance of these users, per currency. */
async function performanceOf(pool: pg.Pool, userIds: number[]): Promise<Map<number, Performance[]>> {
  const { rows } = await pool.query<{ user_id: number; currency_id: number; name: string; fees: string }>(
    `SELECT p.user_id, p.currency_id, c.name, p.fees::text FROM team_performance p
     JOIN currencies c ON c.id = p.currency_id
     WHERE p.user_id = ANY($1::int[]) AND p.fees > 0 ORDER BY p.user_id, p.currency_id`,
    [userIds],
  );
  const byUser = new Map<number, Performance[]>();
  for (const row of rows) {
    const list = byUser.get(row.user_id) ?? [];
    list.push({
      currency_id: row.currency_id,
      currency_name: row.name,
      fees: toAmountString(row.fees),
    });
    byUser.set(row.user_id, list);
  }
  return byUser;
}
