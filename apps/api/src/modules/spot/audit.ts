import type { AreaAudit } from '@exchange/kernel/ledger';

/**
 * Every resting order locks what it may still pay: quote for a buy, base for a sell. An order is written by the
 * batch that books it, so there is no order that holds nothing yet.
 */
const liveSpotOrders = {
  name: 'live spot orders',
  sql: `SELECT o.user_id, CASE WHEN o.side = 1 THEN p.legal_id ELSE p.currency_id END AS currency_id, 'change'::text AS account, o.locked AS amount
        FROM spot_orders o JOIN currency_matches p ON p.id = o.match_id WHERE o.state = 'open'`,
};

export const spotAudit: AreaAudit = { lockHolders: [liveSpotOrders] };
