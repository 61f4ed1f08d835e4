import type { AreaAudit } from '@exchange/kernel/ledger';

/**
 * What holds locked micro balances, for the ledger audit: the stake of every running seconds order paid
 * from the micro balance, and the balance of every insurance position not yet exchanged (an insured
 * order's stake came out of its position's balance and is held by the order until it settles back).
 */
export const microAudit: AreaAudit = {
  lockHolders: [
    {
      name: 'running seconds orders',
      sql: `SELECT user_id, currency_id, 'micro'::text AS account, number AS amount FROM micro_orders WHERE status = 1`,
    },
    {
      name: 'insurance positions',
      sql: `SELECT user_id, currency_id, 'micro'::text AS account, balance AS amount FROM user_insurances WHERE status IN (1, 2)`,
    },
  ],
};
