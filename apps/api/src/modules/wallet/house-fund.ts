import type { Sql, Tx } from '@exchange/kernel/db';
import { bookHouse, debit, LOG_TYPES, type HouseAccount, type Money } from '@exchange/kernel/ledger';

/**
 * Funds one of the exchange's own accounts (a counterparty pool such as `micro_pool`) from a treasury
 * user's spot balance, which itself came in as a confirmed deposit: the user's debit and the house entry
 * in the caller's transaction, so per currency users plus house still equal deposits minus withdrawals.
 */
export async function fundHouse(
  tx: Tx | Sql,
  funding: { fromUserId: number; currencyId: number; account: HouseAccount; amount: Money },
): Promise<void> {
  const ref = { type: 'house_fund', id: funding.account };
  await debit(tx, {
    userId: funding.fromUserId,
    currencyId: funding.currencyId,
    account: 'change',
    amount: funding.amount,
    type: LOG_TYPES.HOUSE_FUND,
    ref,
  });
  await bookHouse(tx, {
    currencyId: funding.currencyId,
    account: funding.account,
    amount: funding.amount,
    type: LOG_TYPES.HOUSE_FUND,
    ref,
  });
}
