import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SpotOrder } from '@exchange/kernel/db';
import { currentUser, currentUserId, tradingUserId } from '../../http/auth';
import { AppError } from '@exchange/kernel/errors';
import { formatDateTime } from '../../http/format';
import { translate } from '@exchange/kernel/i18n';
import {
  blankAsMissing,
  form,
  int4Id,
  int8Id,
  limitField,
  optionalText,
  pageField,
} from '@exchange/contracts';
import { Money, toAmountString } from '@exchange/kernel/ledger';
import { requestCancel } from './cancel-order';
import { MAX_OPEN_ORDERS_PER_MARKET } from './open-orders';
import { placeOrder, SIDE } from './place-order';
import type { OrderResult } from './queue';
import { okMessage } from '../../http/envelope';
import { orderStages } from '@exchange/kernel/stage-times';
import { spotOrderListAnswerSchema, type SpotOrderRow } from '@exchange/contracts';

/** How long a request waits for the matcher before answering "received, being matched". */
export const ORDER_WAIT_MS = 3_000;

const tradeBody = form({
  legal_id: int4Id('order_not_found'),
  currency_id: int4Id('order_not_found'),
  type: optionalText(2),
  target_price: optionalText(64),
  price: optionalText(64),
  amount: optionalText(64),
  order_type: optionalText(8),
  time_in_force: optionalText(3),
  post_only: optionalText(5),
});

const listQuery = z.object({
  page: pageField,
  limit: limitField(10, 100),
  status: optionalText(2),
  legal_id: blankAsMissing(int4Id('currency_not_found')),
  currency_id: blankAsMissing(int4Id('currency_not_found')),
  currency: blankAsMissing(int4Id('currency_not_found')),
  type: optionalText(2),
});

/** The contract's spot-order row, plus what a trader needs to follow a fill. */
export function orderRow(
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
    status: order.state === 'new' || order.state === 'open' ? 1 : 2,
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

export function orderRoutes(app: FastifyInstance): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const deps = { prisma: app.prisma, placements: app.placements, queues: app.spotQueues };

  typed.post(
    '/api/coin/trade',
    { schema: { body: tradeBody }, onRequest: app.requireSession },
    async (request, reply) => {
      // From the request's arrival (Fastify's clock starts at onRequest) to here: read, parsed, authorised.
      orderStages.record('http parse', reply.elapsedTime);
      const userId = tradingUserId(request);
      const body = request.body;
      const side = Number(body.type);
      if (side !== SIDE.buy && side !== SIDE.sell) throw new AppError('order_type_invalid');
      const kind = body.order_type || 'limit';
      if (kind !== 'limit' && kind !== 'market') throw new AppError('order_type_invalid');
      const timeInForce = (body.time_in_force || 'GTC').toUpperCase();
      if (timeInForce !== 'GTC' && timeInForce !== 'IOC' && timeInForce !== 'FOK')
        throw new AppError('order_type_invalid');
      const { order, pair, verdict } = await placeOrder(
        deps,
        { id: userId },
        {
          legalId: body.legal_id,
          currencyId: body.currency_id,
          side,
          kind,
          price: body.target_price || body.price,
          amount: body.amount,
          timeInForce,
          postOnly: body.post_only === '1' || body.post_only === 'true',
        },
        ORDER_WAIT_MS,
      );
      const result = await verdict;
      const summary = {
        id: order.id.toString(),
        state: result?.state ?? 'new',
        filled: result?.filled ?? '0',
      };
      orderStages.record('total', reply.elapsedTime);
      // A refusal names the order too: the matcher stored it as rejected, and the history shows it.
      return { ...placementAnswer(request.locale, result, pair.currency.name), order: summary };
    },
  );

  typed.put(
    '/api/coin/trade',
    { schema: { body: form({ id: int8Id('order_not_found') }) }, onRequest: app.requireSession },
    async (request) => {
      // Watch before asking, so a verdict faster than this request's next step is not missed (a refused
      // cancel's watch simply runs out).
      const verdict = app.orderResults.watch(String(request.body.id), ORDER_WAIT_MS);
      await requestCancel(deps, currentUserId(request), BigInt(request.body.id));
      return okMessage(request.locale, cancelAnswer(await verdict));
    },
  );

  typed.get(
    '/api/coin/list',
    {
      schema: { querystring: listQuery, response: { 200: spotOrderListAnswerSchema } },
      onRequest: app.requireUser,
    },
    async (request) => {
      const user = currentUser(request);
      const query = request.query;
      const status = query.status === '2' ? 2 : query.status === '1' ? 1 : undefined;
      const side = query.type === '1' || query.type === '2' ? Number(query.type) : undefined;
      const pairFilter = { legal_id: query.legal_id, currency_id: query.currency_id ?? query.currency };
      const where = {
        user_id: user.id,
        side,
        ...(status === undefined
          ? {}
          : {
              state:
                status === 1
                  ? { in: ['new' as const, 'open' as const] }
                  : {
                      in: ['filled' as const, 'cancelled' as const, 'expired' as const, 'rejected' as const],
                    },
            }),
        pair: pairFilter,
      };
      // The page and the count read one snapshot, so `total` never disagrees with the rows it came with.
      const [orders, total] = await app.prisma.$transaction(
        [
          app.prisma.spotOrder.findMany({
            where,
            include: { pair: { include: { currency: true, legal: true } } },
            orderBy: { id: 'desc' },
            skip: (query.page - 1) * query.limit,
            take: query.limit,
          }),
          app.prisma.spotOrder.count({ where }),
        ],
        { isolationLevel: 'RepeatableRead' },
      );
      // `message` stays the contract's plain list; `total` rides beside it so the client knows when to stop.
      return { type: 'ok' as const, message: orders.map(orderRow), total };
    },
  );
}

/**
 * What a cancel answers from the first verdict the matcher published for the order after the request: the
 * order may have filled while the cancel waited in the queue, and a filled order was not cancelled.
 */
export function cancelAnswer(result: OrderResult | undefined): 'order_cancelled' | 'cancel_processing' {
  if (result?.state === 'filled') throw new AppError('order_not_cancellable');
  return result?.state === 'cancelled' || result?.state === 'expired'
    ? 'order_cancelled'
    : 'cancel_processing';
}

/** Why the matcher refused an order, in the reader's language: its own checks, or the engine's. */
function refusalMessage(locale: Parameters<typeof translate>[0], reason: string): string {
  switch (reason) {
    case 'balance_insufficient':
    case 'no_market_price':
      return translate(locale, reason);
    case 'too_many_open_orders':
      return translate(locale, reason, { max: MAX_OPEN_ORDERS_PER_MARKET });
    case 'post-only-would-take':
      return translate(locale, 'post_only_would_take');
    default:
      return translate(locale, 'fok_unfillable');
  }
}

function placementAnswer(
  locale: Parameters<typeof translate>[0],
  result: OrderResult | undefined,
  currency: string,
) {
  if (!result) return okMessage(locale, 'order_processing');
  const filled = new Money(result.filled);
  switch (result.state) {
    case 'filled':
      return okMessage(locale, 'order_filled');
    case 'rejected':
      return { type: 'error', message: refusalMessage(locale, result.rejectReason) };
    case 'expired':
    case 'cancelled':
      return filled.gt(0)
        ? {
            type: 'ok',
            message: translate(locale, 'order_partially_executed', {
              filled: toAmountString(filled),
              currency,
            }),
          }
        : { type: 'error', message: translate(locale, 'market_order_unfilled') };
    default:
      return filled.gt(0)
        ? {
            type: 'ok',
            message: translate(locale, 'order_partially_filled', {
              filled: toAmountString(filled),
              currency,
            }),
          }
        : okMessage(locale, 'order_placed');
  }
}
