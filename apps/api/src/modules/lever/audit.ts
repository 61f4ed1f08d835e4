import type { Db } from '@exchange/kernel/db';
import { toAmountString, type AreaAudit } from '@exchange/kernel/ledger';
import { LEVER_STATUS } from './risk';

/**
 * What the ledger audit needs from lever: the holder of every locked lever balance (the margin of each
 * pending, in-trade or closing position), and extra checks: no position stuck closing, and each quote
 * currency's insurance-fund payouts (losses beyond everything users held, profits the lever pool could not
 * pay) match what the positions record the fund paid.
 */
export const leverAudit: AreaAudit = {
  lockHolders: [
    {
      name: 'lever positions',
      sql: `SELECT user_id, legal_id AS currency_id, 'lever'::text AS account, caution_money AS amount
            FROM lever_transactions WHERE status IN (${LEVER_STATUS.pending}, ${LEVER_STATUS.trading}, ${LEVER_STATUS.closing})`,
    },
  ],
  checks: [stuckOrUncovered],
};

async function stuckOrUncovered(prisma: Db): Promise<string[]> {
  const problems: string[] = [];
  const stuck = await prisma.$queryRawUnsafe<{ count: number }[]>(
    `SELECT count(*)::int AS count FROM lever_transactions
       WHERE status = ${LEVER_STATUS.closing} AND handle_time < now() - interval '5 minutes'`,
  );
  if ((stuck[0]?.count ?? 0) > 0)
    problems.push(`${stuck[0]?.count} lever positions closing for over 5 minutes`);
  const uncovered = await prisma.$queryRawUnsafe<{ currency_id: number; recorded: string; paid: string }[]>(
    `SELECT s.legal_id AS currency_id, s.recorded::text, COALESCE(h.paid, 0)::text AS paid
       FROM (SELECT legal_id, sum(insurance_paid) AS recorded FROM lever_transactions
             WHERE status = ${LEVER_STATUS.closed} GROUP BY legal_id) s
       LEFT JOIN (SELECT currency_id, -sum(delta) AS paid FROM house_entries
                  WHERE account = 'insurance_fund' AND delta < 0 AND ref_type = 'lever' GROUP BY currency_id) h
         ON h.currency_id = s.legal_id
       WHERE s.recorded <> COALESCE(h.paid, 0)`,
  );
  for (const row of uncovered)
    problems.push(
      `currency ${row.currency_id}: lever positions record ${toAmountString(row.recorded)} from the insurance fund but it paid ${toAmountString(row.paid)}`,
    );
  return problems;
}
