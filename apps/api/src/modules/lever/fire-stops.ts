import type { Sql } from '@exchange/kernel/db';
import type { Money as MoneyValue } from '@exchange/kernel/ledger';
import { closeAtMarks, sortedIds, type SettledPosition } from './close-position';
import { CLOSE_REASON } from './positions';
import { LEVER_STATUS, LEVER_TYPE } from './risk';

/**
 * Closes, at the mark, the positions among `ids` whose take-profit or stop-loss the mark has reached, checked
 * again against the stored stops under lock (a stop changed or cleared meanwhile does not fire).
 */
export async function fireStops(sql: Sql, ids: string[], mark: MoneyValue): Promise<SettledPosition[]> {
  const long = LEVER_TYPE.long;
  const rows = await sql.query<{ id: string; reason: string }>(
    `SELECT t.id::text AS id,
       CASE WHEN target_profit_price > 0 AND ((type = ${long} AND $2::numeric >= target_profit_price)
                                          OR (type <> ${long} AND $2::numeric <= target_profit_price))
            THEN '${CLOSE_REASON.profit}' ELSE '${CLOSE_REASON.loss}' END AS reason
     FROM unnest($1::bigint[]) AS k(id) CROSS JOIN LATERAL (
       SELECT * FROM lever_transactions t WHERE t.id = k.id AND t.status = ${LEVER_STATUS.trading} FOR UPDATE
     ) t
     WHERE (
       (target_profit_price > 0 AND ((type = ${long} AND $2::numeric >= target_profit_price)
                                  OR (type <> ${long} AND $2::numeric <= target_profit_price)))
       OR (stop_loss_price > 0 AND ((type = ${long} AND $2::numeric <= stop_loss_price)
                                 OR (type <> ${long} AND $2::numeric >= stop_loss_price))))`,
    [sortedIds(ids), mark.toFixed()],
  );
  return closeAtMarks(
    sql,
    rows.map((row) => ({
      id: row.id,
      mark,
      reason: row.reason === CLOSE_REASON.profit ? CLOSE_REASON.profit : CLOSE_REASON.loss,
    })),
  );
}
