import type { Db } from '@exchange/kernel/db';
import type { AreaAudit } from '@exchange/kernel/ledger';

/** Every open order (new or resting) locks what it may still pay: quote for a buy, base for a sell. */
const liveSpotOrders = {
  name: 'live spot orders',
  sql: `SELECT o.user_id, CASE WHEN o.side = 1 THEN p.legal_id ELSE p.currency_id END AS currency_id, 'change'::text AS account, o.locked AS amount
        FROM spot_orders o JOIN currency_matches p ON p.id = o.match_id WHERE o.state IN ('new', 'open')`,
};

/** The open-order limit reads a counter per user and market: it must equal the live orders it counts. */
async function openOrderCounters(prisma: Db): Promise<string[]> {
  const miscounted = await prisma.$queryRawUnsafe<
    { user_id: number; match_id: number; counted: number; live: number }[]
  >(`
    WITH live AS (
      SELECT user_id, match_id, count(*)::int AS n FROM spot_orders WHERE state IN ('new', 'open') GROUP BY user_id, match_id
    )
    SELECT COALESCE(c.user_id, l.user_id) AS user_id, COALESCE(c.match_id, l.match_id) AS match_id,
      COALESCE(c.open, 0) AS counted, COALESCE(l.n, 0) AS live
    FROM spot_open_orders c FULL OUTER JOIN live l USING (user_id, match_id)
    WHERE COALESCE(c.open, 0) <> COALESCE(l.n, 0)`);
  return miscounted.map(
    (row) =>
      `user ${row.user_id} market ${row.match_id}: ${row.counted} open orders counted but ${row.live} live`,
  );
}

export const spotAudit: AreaAudit = { lockHolders: [liveSpotOrders], checks: [openOrderCounters] };
