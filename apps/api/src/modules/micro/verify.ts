import type { Sql } from '@exchange/kernel/db';
import { LOG_TYPES, Money, type Money as MoneyValue } from '@exchange/kernel/ledger';
import { pricesAt, priceKey } from './prices';
import { priceQueriesOf, settlementOf } from './settle';
import { ORDER_COLUMNS, type MicroOrderRow } from './submit-order';

export interface VerifyReport {
  ok: boolean;
  checked: number;
  mismatches: { id: string; problem: string }[];
}

const CHUNK = 5_000;

/**
 * `ops micro:verify`: recomputes every settled seconds order from the stored trades alone (its open and end
 * prices by the rule recorded with it, prices.ts: the volume-weighted price with the notional and number of
 * trades behind it, or the last trade for orders older than that rule; then the outcome and payout at the
 * order's profit ratio) and lists every order whose stored figures differ. Also checks that the house
 * `micro_pool` received, from settlements, exactly the stakes minus the payouts of all settled orders.
 */
export async function verifySettlements(db: Sql): Promise<VerifyReport> {
  const decimals = new Map(
    (await db.query<{ id: number; decimal_scale: number }>('SELECT id, decimal_scale FROM currencies')).map(
      (row) => [row.id, row.decimal_scale],
    ),
  );
  const mismatches: VerifyReport['mismatches'] = [];
  let checked = 0;
  let after = '0';
  const expected = new Map<number, Money>();
  for (;;) {
    const orders = await db.query<MicroOrderRow>(
      `SELECT ${ORDER_COLUMNS} FROM micro_orders o WHERE o.status = 3 AND o.id > $1::bigint ORDER BY o.id LIMIT $2`,
      [after, CHUNK],
    );
    if (orders.length === 0) break;
    after = orders[orders.length - 1]?.id ?? after;
    const prices = await pricesAt(db, orders.flatMap(priceQueriesOf));
    for (const order of orders) {
      checked += 1;
      const [openQuery, endQuery] = priceQueriesOf(order);
      const open = prices.get(priceKey(openQuery));
      const end = prices.get(priceKey(endQuery));
      if (!open?.price || !end) {
        mismatches.push({ id: order.id, problem: 'no reliable price at acceptance' });
        continue;
      }
      const due = settlementOf(order, open.price, end.price, decimals.get(order.currency_id) ?? 8);
      const text = (value: MoneyValue | string | number | null | undefined) =>
        value === null || value === undefined ? 'none' : new Money(value).toFixed();
      const differences: [string, string, string][] = [
        ['open_price', text(order.open_price), text(open.price)],
        ['end_price', text(order.end_price), text(end.price)],
        ['profit_result', text(order.profit_result), text(due.result)],
        ['payout', text(order.payout), text(due.payout)],
        ['fact_profits', text(order.fact_profits), text(due.factProfits)],
      ];
      if (openQuery.rule)
        differences.push(
          ['open_notional', text(order.open_notional), text(open.notional)],
          ['open_trades', text(order.open_trades), text(open.trades)],
          ['end_notional', text(order.end_notional), text(end.notional)],
          ['end_trades', text(order.end_trades), text(end.trades)],
        );
      for (const [field, stored, recomputed] of differences) {
        if (stored !== recomputed)
          mismatches.push({ id: order.id, problem: `${field} ${stored} != ${recomputed}` });
      }
      expected.set(
        order.currency_id,
        (expected.get(order.currency_id) ?? new Money(0)).plus(new Money(order.number).minus(order.payout)),
      );
    }
  }
  const booked = await db.query<{ currency_id: number; amount: string }>(
    `SELECT currency_id, SUM(delta)::text AS amount FROM house_entries
     WHERE account = 'micro_pool' AND type = $1 GROUP BY currency_id`,
    [LOG_TYPES.MICRO_SETTLE],
  );
  for (const currencyId of new Set([...expected.keys(), ...booked.map((row) => row.currency_id)])) {
    const want = expected.get(currencyId) ?? new Money(0);
    const got = new Money(booked.find((row) => row.currency_id === currencyId)?.amount ?? '0');
    if (!want.eq(got))
      mismatches.push({
        id: `currency ${currencyId}`,
        problem: `micro_pool settlements ${got.toFixed()} != stakes minus payouts ${want.toFixed()}`,
      });
  }
  return { ok: mismatches.length === 0, checked, mismatches };
}
