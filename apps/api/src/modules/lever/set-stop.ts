import { inTransaction, type Db } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import { Money, toAmountString, type Money as MoneyValue } from '@exchange/kernel/ledger';
import { parsePrice } from '../spot';
import { notifyLeverChanged, type LeverDeps } from './close-position';
import { readMark } from './mark-price';
import { leverSettings } from './options';
import type { PositionRow } from './positions';
import { LEVER_STATUS, LEVER_TYPE } from './risk';

/** A stop price the user typed: empty clears it; otherwise a positive price on the pair's grid. */
function parseStop(raw: string, decimals: number): MoneyValue {
  if (raw.trim() === '') return new Money(0);
  if (/^0+(\.0+)?$/.test(raw.trim()) || /^-/.test(raw.trim())) throw new AppError('lever_stop_not_positive');
  return parsePrice(raw, decimals);
}

/**
 * POST /api/lever/setstop: take-profit and stop-loss of a position in trade (empty clears one). A long's
 * take-profit must lie above both its open price and the mark, its stop-loss below both; a short's the
 * mirror image, so a stop never fires the moment it is set.
 */
export async function setStop(
  deps: LeverDeps & { prisma: Db },
  userId: number,
  input: { id: bigint; targetProfit: string; stopLoss: string },
): Promise<void> {
  const { stopsOpen } = await leverSettings(deps.prisma);
  if (!stopsOpen) throw new AppError('lever_stop_closed');
  await inTransaction(deps.pool, async (sql) => {
    const [row] = await sql.query<PositionRow & { price_decimals: number }>(
      `SELECT t.*, p.price_decimals FROM lever_transactions t JOIN currency_matches p ON p.id = t.match_id
       WHERE t.id = $1 AND t.user_id = $2 FOR UPDATE OF t`,
      [input.id.toString(), userId],
    );
    if (!row) throw new AppError('lever_position_not_found');
    if (row.status !== LEVER_STATUS.trading) throw new AppError('lever_not_in_trade');
    const targetProfit = parseStop(input.targetProfit, row.price_decimals);
    const stopLoss = parseStop(input.stopLoss, row.price_decimals);
    if (targetProfit.isZero() && stopLoss.isZero() && (input.targetProfit + input.stopLoss).trim() === '')
      throw new AppError('lever_stop_not_positive');
    const mark = (await readMark(sql, row.match_id)).mark ?? new Money(row.update_price);
    const price = new Money(row.price);
    const high = Money.max(price, mark);
    const low = Money.min(price, mark);
    const shown = (value: MoneyValue) => ({
      price: toAmountString(value.toDecimalPlaces(row.price_decimals)),
    });
    if (row.type === LEVER_TYPE.long) {
      if (targetProfit.gt(0) && !targetProfit.gt(high))
        throw new AppError('lever_stop_profit_above', shown(high));
      if (stopLoss.gt(0) && !stopLoss.lt(low)) throw new AppError('lever_stop_loss_below', shown(low));
    } else {
      if (targetProfit.gt(0) && !targetProfit.lt(low))
        throw new AppError('lever_stop_profit_below', shown(low));
      if (stopLoss.gt(0) && !stopLoss.gt(high)) throw new AppError('lever_stop_loss_above', shown(high));
    }
    await sql.execute(
      `UPDATE lever_transactions SET target_profit_price = $2, stop_loss_price = $3, updated_at = now()
       WHERE id = $1 AND status = ${LEVER_STATUS.trading}`,
      [row.id, targetProfit.toFixed(), stopLoss.toFixed()],
    );
  });
  await notifyLeverChanged(deps, [userId]);
}
