import type { Db } from '@exchange/kernel/db';
import type { AreaAudit } from '@exchange/kernel/ledger';

/**
 * What this area holds in users' locked balances, for the ledger audit (wired in apps/api/src/areas.ts):
 * sell ads hold their untaken surplus; unfinished orders hold their quantity in the escrow party's legal
 * account. The checks prove each ad adds up and no withdrawn ad still has a live order.
 */
const adsAddUp = async (prisma: Db) => {
  const rows = await prisma.$queryRawUnsafe<
    { id: number; total: string; surplus: string; ordered: string }[]
  >(
    `SELECT a.id, a.total_number::text AS total, a.surplus_number::text AS surplus, COALESCE(SUM(o.number), 0)::text AS ordered
     FROM p2p_ads a LEFT JOIN p2p_orders o ON o.ad_id = a.id
       AND (o.is_sure IN (0, 1, 3) OR (o.is_sure = 2 AND o.resolution = 'refund'))
     WHERE a.state <> 'withdrawn'
     GROUP BY a.id HAVING a.surplus_number + COALESCE(SUM(o.number), 0) <> a.total_number`,
  );
  return rows.map(
    (row) => `p2p ad ${row.id}: total ${row.total} but ${row.surplus} left and ${row.ordered} in orders`,
  );
};

const noLiveOrdersOnWithdrawnAds = async (prisma: Db) => {
  const rows = await prisma.$queryRawUnsafe<{ id: number }[]>(
    `SELECT o.id FROM p2p_orders o JOIN p2p_ads a ON a.id = o.ad_id WHERE a.state = 'withdrawn' AND o.is_sure IN (0, 3)`,
  );
  return rows.map((row) => `p2p order ${row.id} is unfinished but its ad was withdrawn`);
};

export const c2cAudit: AreaAudit = {
  lockHolders: [
    {
      name: 'p2p sell ads',
      sql: `SELECT user_id, currency_id, 'legal'::text AS account, surplus_number AS amount FROM p2p_ads WHERE type = 'sell' AND state = 'open'`,
    },
    {
      name: 'p2p unfinished orders',
      sql: `SELECT escrow_user_id AS user_id, currency_id, 'legal'::text AS account, number AS amount FROM p2p_orders WHERE is_sure IN (0, 3)`,
    },
  ],
  checks: [adsAddUp, noLiveOrdersOnWithdrawnAds],
};
