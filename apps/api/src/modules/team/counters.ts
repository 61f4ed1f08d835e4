import type { Sql } from '@exchange/kernel/db';

/**
 * Every user's team counted from the tree itself (users.parents_path, identity_verifications): what the
 * counters in team_stats must equal. Reads the whole tree, so it is for the audit and for repairs, never for
 * a request.
 */
export const COUNTED_TEAMS = `
  SELECT u.id AS user_id, COALESCE(c.members, 0) AS members, COALESCE(c.direct, 0) AS direct,
    COALESCE(c.verified, 0) AS verified
  FROM users u LEFT JOIN (
    SELECT a.ancestor, count(*) AS members, count(*) FILTER (WHERE m.parent_id = a.ancestor) AS direct,
      count(*) FILTER (WHERE v.review_status = 2) AS verified
    FROM users m
    CROSS JOIN LATERAL unnest(team_ancestors(m.parents_path)) AS a(ancestor)
    LEFT JOIN identity_verifications v ON v.user_id = m.id
    GROUP BY a.ancestor
  ) c ON c.ancestor = u.id`;

/**
 * Sets every user's member, direct and verified counters to what the tree says (today's approvals are not
 * known afterwards and start again from 0). For a tree loaded in bulk with the counting triggers off (the
 * benchmark), or as a repair if the audit ever finds a counter drifted.
 */
export async function rebuildTeamCounters(sql: Sql): Promise<number> {
  return sql.execute(`
    INSERT INTO team_stats (user_id, team_count, direct_count, verified_count)
    SELECT user_id, members, direct, verified FROM (${COUNTED_TEAMS}) t
    ON CONFLICT (user_id) DO UPDATE SET team_count = EXCLUDED.team_count, direct_count = EXCLUDED.direct_count,
      verified_count = EXCLUDED.verified_count, today_verified = 0, today_date = NULL, updated_at = now()`);
}
