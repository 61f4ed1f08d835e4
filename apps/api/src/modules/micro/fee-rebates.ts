import type { Sql } from '@exchange/kernel/db';
import type { Money } from '@exchange/kernel/ledger';

export interface MicroFee {
  userId: number;
  currencyId: number;
  orderId: string;
  /** The fee just booked to the house `fees` account for this order. */
  fee: Money;
}

/**
 * Referral rebates on seconds fees: the team issue's hook. Called inside the submit transaction, right after
 * the order's fee is booked to the house `fees` account, so a rebate paid from that fee (up the referrer
 * chain, as the original's `Users::rebate` did) commits or rolls back with the order. Does nothing yet.
 */
export function onMicroFee(_tx: Sql, _fee: MicroFee): Promise<void> {
  return Promise.resolve();
}
