import type { AreaAudit } from '@exchange/kernel/ledger';

/** A requested withdrawal keeps its amount locked in the spot account until an operator ends it. */
export const walletAudit: AreaAudit = {
  lockHolders: [
    {
      name: 'pending withdrawals',
      sql: `SELECT user_id, currency_id, 'change'::text AS account, number AS amount FROM withdrawals WHERE status = 1`,
    },
  ],
};
