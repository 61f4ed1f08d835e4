import type { Db } from '@exchange/kernel/db';
import type { AreaAudit } from '@exchange/kernel/ledger';

/**
 * For the ledger audit: the principal of every running savings holding holds locked spot funds; a holding's
 * paid interest equals its paid days, and no holding recorded more days than its term.
 */
export const savingsAudit: AreaAudit = {
  lockHolders: [
    {
      name: 'savings holdings',
      sql: `SELECT user_id, currency_id, 'change'::text AS account, amount FROM savings_holdings WHERE status = 1`,
    },
  ],
  checks: [
    async (prisma: Db) => {
      const rows = await prisma.$queryRawUnsafe<{ id: number }[]>(
        `SELECT h.id FROM savings_holdings h
         LEFT JOIN (SELECT holding_id, SUM(amount) AS paid, count(*) AS days FROM savings_accruals
                    WHERE paid_at IS NOT NULL GROUP BY holding_id) a ON a.holding_id = h.id
         WHERE COALESCE(a.paid, 0) <> h.interest_paid OR COALESCE(a.days, 0) > h.days_accrued`,
      );
      return rows.map((row) => `savings holding ${row.id}: paid interest does not match its paid days`);
    },
  ],
};
