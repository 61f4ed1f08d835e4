import type { AreaAudit } from '@exchange/kernel/ledger';
import { miscountedOpenOrders } from './open-orders';

/** Every open order (new or resting) locks what it may still pay: quote for a buy, base for a sell. */
const liveSpotOrders = {
  name: 'live spot orders',
  sql: `SELECT o.user_id, CASE WHEN o.side = 1 THEN p.legal_id ELSE p.currency_id END AS currency_id, 'change'::text AS account, o.locked AS amount
        FROM spot_orders o JOIN currency_matches p ON p.id = o.match_id WHERE o.state IN ('new', 'open')`,
};

/** The open-order limit reads a counter per user and market: it must equal the live orders it counts. */
export const spotAudit: AreaAudit = { lockHolders: [liveSpotOrders], checks: [miscountedOpenOrders] };
