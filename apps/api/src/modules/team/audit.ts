import type { Db } from '@exchange/kernel/db';
import type { AreaAudit } from '@exchange/kernel/ledger';
import { COUNTED_TEAMS } from './counters';

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
    SELECT c.user_id,
      concat_ws('/', COALESCE(s.team_count, 0), COALESCE(s.direct_count, 0), COALESCE(s.verified_count, 0)) AS kept,
      concat_ws('/', c.members, c.direct, c.verified) AS counted
    FROM (${COUNTED_TEAMS}) c LEFT JOIN team_stats s ON s.user_id = c.user_id
    WHERE (COALESCE(s.team_count, 0), COALESCE(s.direct_count, 0), COALESCE(s.verified_count, 0))
      <> (c.members, c.direct, c.verified)
    ORDER BY c.user_id LIMIT 20`);
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
