import type { Db } from '@exchange/kernel/db';
import type { AreaAudit } from '@exchange/kernel/ledger';

/**
 * The team area's own checks for the ledger audit. It locks no funds; what it must prove is that its
 * counters are what the tree says (they are kept incrementally, so a drift would go unnoticed otherwise)
 * and that no fee paid out more in rebates than it was.
 */
export const teamAudit: AreaAudit = {
  checks: [countersMatchTree, rebatesWithinFees],
};

async function countersMatchTree(prisma: Db): Promise<string[]> {
  const drifts = await prisma.$queryRawUnsafe<{ user_id: number; kept: string; counted: string }[]>(`
    WITH counted AS (
      SELECT a.ancestor AS user_id, count(*) AS members,
        count(*) FILTER (WHERE v.review_status = 2) AS verified,
        count(*) FILTER (WHERE m.parent_id = a.ancestor) AS direct
      FROM users m
      CROSS JOIN LATERAL unnest(team_ancestors(m.parents_path)) AS a(ancestor)
      LEFT JOIN identity_verifications v ON v.user_id = m.id
      GROUP BY a.ancestor
    )
    SELECT u.id AS user_id,
      concat_ws('/', COALESCE(s.team_count, 0), COALESCE(s.direct_count, 0), COALESCE(s.verified_count, 0)) AS kept,
      concat_ws('/', COALESCE(c.members, 0), COALESCE(c.direct, 0), COALESCE(c.verified, 0)) AS counted
    FROM users u
    LEFT JOIN team_stats s ON s.user_id = u.id
    LEFT JOIN counted c ON c.user_id = u.id
    WHERE (COALESCE(s.team_count, 0), COALESCE(s.direct_count, 0), COALESCE(s.verified_count, 0))
      <> (COALESCE(c.members, 0), COALESCE(c.direct, 0), COALESCE(c.verified, 0))
    ORDER BY u.id LIMIT 20`);
  return drifts.map(
    (row) =>
      `team of user ${row.user_id}: counters (members/direct/verified) ${row.kept} but the tree has ${row.counted}`,
  );
}

async function rebatesWithinFees(prisma: Db): Promise<string[]> {
  const over = await prisma.$queryRawUnsafe<{ fee_id: string; amount: string; paid: string }[]>(`
    SELECT f.id::text AS fee_id, f.amount::text AS amount, SUM(r.amount)::text AS paid
    FROM team_rebates r JOIN team_fees f ON f.id = r.fee_id
    GROUP BY f.id, f.amount HAVING SUM(r.amount) > f.amount
    ORDER BY f.id LIMIT 20`);
  return over.map((row) => `team fee ${row.fee_id} of ${row.amount} paid ${row.paid} in rebates`);
}
