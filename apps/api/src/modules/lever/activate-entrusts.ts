import type { Sql } from '@exchange/kernel/db';
import { Money, type Money as MoneyValue } from '@exchange/kernel/ledger';
import { FEE_SOURCES, recordTeamFees } from '../team';
import { LEVER_STATUS, LEVER_TYPE } from './risk';

/**
 * Opens pending entrusts whose price the mark has reached (a long once the mark is at or below its price, a
 * short at or above). Guarded by status and re-checked against the mark, so an entrust cancelled meanwhile
 * stays cancelled. An opened entrust's fee can no longer be refunded: it now pays referral rebates. Returns
 * the opened positions' owners and ids.
 */
export async function activateEntrusts(
  sql: Sql,
  ids: string[],
  mark: MoneyValue,
): Promise<{ id: string; user_id: number }[]> {
  const opened = await sql.query<{ id: string; user_id: number; legal_id: number; trade_fee: string }>(
    `UPDATE lever_transactions SET status = ${LEVER_STATUS.trading}, transaction_time = now(), update_price = $2,
       updated_at = now()
     WHERE id = ANY($1::bigint[]) AND status + 0 = ${LEVER_STATUS.pending}
       AND ((type = ${LEVER_TYPE.long} AND origin_price >= $2::numeric) OR (type = ${LEVER_TYPE.short} AND origin_price <= $2::numeric))
     RETURNING id::text AS id, user_id, legal_id, trade_fee::text AS trade_fee`,
    [ids, mark.toFixed()],
  );
  await recordTeamFees(
    sql,
    opened.map((row) => ({
      source: FEE_SOURCES.lever,
      sourceId: row.id,
      userId: row.user_id,
      currencyId: row.legal_id,
      account: 'lever' as const,
      amount: new Money(row.trade_fee),
    })),
  );
  return opened.map((row) => ({ id: row.id, user_id: row.user_id }));
}
