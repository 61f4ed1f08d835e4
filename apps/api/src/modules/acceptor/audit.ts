import type { AreaAudit } from '@exchange/kernel/ledger';

/**
 * The acceptor deals' locks: a waiting deposit holds the acceptor's crypto, a waiting withdrawal the
 * user's (wired in apps/api/src/areas.ts).
 */
export const acceptorAudit: AreaAudit = {
  lockHolders: [
    {
      name: 'acceptor deposits',
      sql: `SELECT acceptor_user_id AS user_id, currency_id, 'legal'::text AS account, number AS amount FROM acceptor_deals WHERE type = 'buy' AND is_sure = 0`,
    },
    {
      name: 'acceptor withdrawals',
      sql: `SELECT user_id, currency_id, 'legal'::text AS account, number AS amount FROM acceptor_deals WHERE type = 'sell' AND is_sure = 0`,
    },
  ],
};
