import type { orderListQuerySchema, SpotOrderRow } from '@exchange/contracts';
import type { z } from 'zod';
import type { Db, SpotOrder } from '@exchange/kernel/db';
import { Money, toAmountString } from '@exchange/kernel/ledger';
import { formatDateTime } from '../../http/format';
import { LIVE_ORDER_STATE } from './pair-settings';

/** The contract's spot-order row, plus what a trader needs to follow a fill. */
function orderRow(
  order: SpotOrder & { pair: { currency: { name: string }; legal: { name: string } } },
): SpotOrderRow {
  const filled = new Money(order.filled.toFixed());
  const average = filled.gt(0) ? new Money(order.quote_filled.toFixed()).div(filled) : new Money(0);
  return {
    id: order.id.toString(),
    symbol: `${order.pair.currency.name}/${order.pair.legal.name}`,
    type: order.side,
    // The columns are plain text; the matcher writes only these values.
    kind: order.kind as SpotOrderRow['kind'],
    status: order.state === LIVE_ORDER_STATE ? 1 : 2,
    state: order.state as SpotOrderRow['state'],
    target_price: order.price ? toAmountString(order.price.toFixed()) : '',
    trade_amount: toAmountString(order.amount.toFixed()),
    filled: toAmountString(filled),
    trade_price: toAmountString(average.toDecimalPlaces(18)),
    fee: toAmountString(order.fee.toFixed()),
    created_at: formatDateTime(order.created_at),
    updated_at: formatDateTime(order.updated_at),
  };
}

const FINISHED = ['filled' as const, 'cancelled' as const, 'expired' as const, 'rejected' as const];

/** A page of the caller's orders, current (status 1) or history (2), and how many match the filter in all. */
export async function listOrders(
  prisma: Db,
  userId: number,
  query: z.output<typeof orderListQuerySchema>,
): Promise<{ rows: SpotOrderRow[]; total: number }> {
  const status = query.status === '2' ? 2 : query.status === '1' ? 1 : undefined;
  const side = query.type === '1' || query.type === '2' ? Number(query.type) : undefined;
  const where = {
    user_id: userId,
    side,
    ...(status === undefined ? {} : { state: status === 1 ? LIVE_ORDER_STATE : { in: FINISHED } }),
    pair: { legal_id: query.legal_id, currency_id: query.currency_id ?? query.currency },
  };
  // The page and the count read one snapshot, so `total` never disagrees with the rows it came with.
  const [orders, total] = await prisma.$transaction(
    [
      prisma.spotOrder.findMany({
        where,
        include: { pair: { include: { currency: true, legal: true } } },
        orderBy: { id: 'desc' },
        skip: (query.page - 1) * query.limit,
        take: query.limit,
      }),
      prisma.spotOrder.count({ where }),
    ],
    { isolationLevel: 'RepeatableRead' },
  );
  return { rows: orders.map(orderRow), total };
}
