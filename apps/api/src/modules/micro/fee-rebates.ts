import type { Sql } from '@exchange/kernel/db';
import type { Money } from '@exchange/kernel/ledger';
import { FEE_SOURCES, recordTeamFees } from '../team';

export interface MicroFee {
  userId: number;
  currencyId: number;
  orderId: string;
  /** The fee just booked to the house `fees` account for this order. */
  fee: Money;
}

/**
 * Referral rebates on seconds fees. Called inside the submit transaction, right after the order's fee is
 * booked to the house `fees` account: the team area records the fee with the order (one insert, nobody
 * else's row locked), and its rebate job pays the payer's inviters from the `fees` account, once.
 */
export function onMicroFee(tx: Sql, fee: MicroFee): Promise<void> {
  return recordTeamFees(tx, [
    {
      source: FEE_SOURCES.micro,
      sourceId: fee.orderId,
      userId: fee.userId,
      currencyId: fee.currencyId,
      account: 'micro',
      amount: fee.fee,
    },
  ]);
}
