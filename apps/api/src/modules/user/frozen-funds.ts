import type { Tx } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';

/**
 * Refuses a movement of the user's funds while an operator froze them (`users.frozen_funds`, the contract's
 * flag). Called inside the movement's own transaction: the row is read FOR SHARE, so a freeze (an UPDATE of
 * that row) waits for a movement already past this check to commit, and one arriving after the freeze sees it.
 */
export async function assertFundsMovable(tx: Tx, userId: number): Promise<void> {
  const [row] = await tx.$queryRaw<{ frozen_funds: number }[]>`
    SELECT frozen_funds FROM users WHERE id = ${userId} FOR SHARE`;
  if (row?.frozen_funds === 1) throw new AppError('funds_frozen');
}

/**
 * Refuses a new order (spot, lever, seconds) while an operator froze the user's funds, so frozen value cannot
 * leave through trades with an accomplice. Closing and cancelling stay open: they keep funds in the account.
 */
export function assertMayTrade(fundsFrozen: boolean): void {
  if (fundsFrozen) throw new AppError('funds_frozen_trading');
}
