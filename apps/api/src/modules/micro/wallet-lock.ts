import type { Sql } from '@exchange/kernel/db';

/**
 * Locks the user's wallet row of one currency until the transaction ends, so two steps of one user and
 * currency (two orders, two insurance purchases) run one after the other and each checks what the other left.
 */
export async function lockWalletRow(tx: Sql, userId: number, currencyId: number): Promise<void> {
  await tx.query('SELECT 1 FROM wallets WHERE user_id = $1 AND currency_id = $2 FOR UPDATE', [
    userId,
    currencyId,
  ]);
}
