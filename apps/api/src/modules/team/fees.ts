import type { Sql } from '@exchange/kernel/db';
import type { Account, Money } from '@exchange/kernel/ledger';

/** Where a fee that pays rebates came from: a seconds order or a lever position. */
export const FEE_SOURCES = { micro: 'micro_order', lever: 'lever' } as const;
export type FeeSource = (typeof FEE_SOURCES)[keyof typeof FEE_SOURCES];

/** A fee a user just paid to the house `fees` account, in the account it left. */
export interface TeamFee {
  source: FeeSource;
  sourceId: string;
  userId: number;
  currencyId: number;
  account: Account;
  amount: Money;
}

/**
 * The rebate hook of the fee-taking areas: called inside the transaction that books the fee, it only records
 * the fee (one INSERT for any number of fees, no row of anyone else locked), so the seconds submit and the
 * lever open stay as fast as they were. The rebate job pays the inviters from these rows later, exactly
 * once each (see rebates.ts). Recording the same source twice changes nothing.
 */
export async function recordTeamFees(sql: Sql, fees: TeamFee[]): Promise<void> {
  const paying = fees.filter((fee) => fee.amount.gt(0));
  if (paying.length === 0) return;
  await sql.execute(
    `INSERT INTO team_fees (source_type, source_id, user_id, currency_id, account, amount)
     SELECT * FROM unnest($1::varchar[], $2::bigint[], $3::int[], $4::int[], $5::varchar[], $6::numeric[])
     ON CONFLICT (source_type, source_id) DO NOTHING`,
    [
      paying.map((fee) => fee.source),
      paying.map((fee) => fee.sourceId),
      paying.map((fee) => fee.userId),
      paying.map((fee) => fee.currencyId),
      paying.map((fee) => fee.account),
      paying.map((fee) => fee.amount.toFixed()),
    ],
  );
}
