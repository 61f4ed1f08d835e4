import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  answerSchema,
  laravelPageSchema,
  microOrderSchema,
  payableCurrencySchema,
  secondsOptionSchema,
} from '@exchange/contracts';
import { poolSql } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import { Money, toAmountString } from '@exchange/kernel/ledger';
import { currentUser, currentUserId, tradingUserId } from '../../http/auth';
import { laravelPaginator } from '../../http/pagination';
import { form, int4Id, limitField, optionalText, pageField } from '@exchange/contracts';
import { activeDurations, ORDER_STATUS } from './options';
import { loadNames, orderView } from './order-row';
import { MicroQueue } from './queue';
import { ORDER_COLUMNS, submitOrder, type MicroOrderRow } from './submit-order';
import { insuranceRoutes, typeView } from './insurance/routes';
import { POSITION_STATUS } from './insurance/positions';

const submitBody = form({
  match_id: int4Id('micro_pair_closed'),
  currency_id: int4Id('currency_not_found'),
  type: optionalText(4),
  seconds: optionalText(8),
  number: optionalText(64),
});

const listQuery = z.object({
  page: pageField,
  limit: limitField(20, 100),
  status: optionalText(3),
  match_id: optionalText(10),
  currency_id: optionalText(10),
});

const plain = (value: { toFixed: () => string }) => toAmountString(value.toFixed());

/** The seconds-contract calls of document 3 (section 7), plus the insurance calls. */
export function microRoutes(app: FastifyInstance, redisUrl: string): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const queue = new MicroQueue(redisUrl, app.config.REDIS_PREFIX);
  app.addHook('onClose', () => queue.close());
  const deps = {
    prisma: app.prisma,
    pool: app.pg,
    queue,
    redis: app.redis,
    log: (fields: object, message: string) => app.log.error(fields, message),
  };

  typed.get(
    '/api/microtrade/payable_currencies',
    {
      schema: { response: { 200: answerSchema(z.array(payableCurrencySchema)) } },
      onRequest: app.requireUser,
    },
    async (request) => {
      const user = currentUser(request);
      const currencies = await app.prisma.currency.findMany({
        where: { is_micro: 1, is_display: 1 },
        orderBy: { sort: 'asc' },
      });
      const ids = currencies.map((currency) => currency.id);
      const [numbers, types, wallets, positions] = await Promise.all([
        app.prisma.microNumber.findMany({ where: { currency_id: { in: ids } }, orderBy: { number: 'asc' } }),
        app.prisma.insuranceType.findMany({
          where: { currency_id: { in: ids }, status: 1 },
          orderBy: { id: 'asc' },
        }),
        app.prisma.wallet.findMany({ where: { user_id: user.id, currency_id: { in: ids } } }),
        app.prisma.userInsurance.findMany({
          where: { user_id: user.id, status: { in: [POSITION_STATUS.active, POSITION_STATUS.terminated] } },
          orderBy: { id: 'desc' },
        }),
      ]);
      return {
        type: 'ok' as const,
        message: currencies.map((currency) => {
          const wallet = wallets.find((row) => row.currency_id === currency.id);
          const held = positions.filter((position) => position.currency_id === currency.id);
          const insurance = held.reduce(
            (sum, position) => sum.plus(position.balance.toFixed()),
            new Money(0),
          );
          const micro = new Money(wallet?.micro_balance.toFixed() ?? '0');
          const position = held.find((row) => row.status === POSITION_STATUS.active) ?? held[0];
          return {
            id: currency.id,
            name: currency.name,
            logo: currency.logo,
            decimal_scale: currency.decimal_scale,
            micro_trade_fee: plain(currency.micro_trade_fee),
            micro_min: plain(currency.micro_min),
            micro_max: plain(currency.micro_max),
            micro_holdtrade_max: currency.micro_holdtrade_max,
            is_micro: currency.is_micro,
            micro_numbers: numbers
              .filter((row) => row.currency_id === currency.id)
              .map((row) => ({ id: row.id, currency_id: row.currency_id, number: plain(row.number) })),
            insurance_types: types
              .filter((type) => type.currency_id === currency.id)
              .map((type) => typeView(type, currency.name)),
            user_wallet: {
              currency: currency.id,
              micro_balance: micro.toFixed(8),
              lock_micro_balance: new Money(wallet?.lock_micro_balance.toFixed() ?? '0').toFixed(8),
              insurance_balance: insurance.toFixed(8),
              micro_with_insurance: micro.plus(insurance).toFixed(8),
            },
            user_insurance: position
              ? {
                  id: position.id,
                  insurance_type_id: position.insurance_type_id,
                  status: position.status,
                  insured_amount: plain(position.insured_amount),
                  insurance_balance: plain(position.balance),
                }
              : null,
          };
        }),
      };
    },
  );

  typed.get(
    '/api/microtrade/seconds',
    { schema: { response: { 200: answerSchema(z.array(secondsOptionSchema)) } } },
    async () => {
      const durations = await activeDurations(app.prisma);
      if (durations.length === 0) throw new AppError('micro_closed_market');
      return {
        type: 'ok' as const,
        message: durations.map((duration) => ({
          id: duration.id,
          seconds: duration.seconds,
          status: duration.status,
          profit_ratio: plain(duration.profit_ratio),
          min_amount: plain(duration.min_amount),
          max_amount: plain(duration.max_amount),
          created_at: duration.created_at.toISOString(),
          updated_at: duration.updated_at.toISOString(),
        })),
      };
    },
  );

  typed.post(
    '/api/microtrade/submit',
    {
      schema: { body: submitBody, response: { 200: answerSchema(microOrderSchema) } },
      onRequest: app.requireSession,
    },
    async (request) => {
      const { match_id, currency_id } = request.body;
      if (match_id === undefined) throw new AppError('micro_pair_closed');
      if (currency_id === undefined) throw new AppError('currency_not_found');
      const order = await submitOrder(deps, tradingUserId(request), {
        matchId: match_id,
        currencyId: currency_id,
        type: request.body.type,
        seconds: request.body.seconds,
        number: request.body.number,
      });
      return {
        type: 'ok' as const,
        message: orderView(order, await loadNames(poolSql(app.pg)), request.locale),
      };
    },
  );

  typed.get(
    '/api/microtrade/lists',
    {
      schema: {
        querystring: listQuery,
        response: { 200: answerSchema(laravelPageSchema(microOrderSchema)) },
      },
      onRequest: app.requireSession,
    },
    async (request) => {
      const userId = currentUserId(request);
      const { page, limit } = request.query;
      const status = request.query.status === '' ? -1 : Number(request.query.status);
      if (status !== -1 && status !== ORDER_STATUS.running && status !== ORDER_STATUS.finished)
        throw new AppError('micro_status_invalid');
      const filters: string[] = ['user_id = $1'];
      const params: unknown[] = [userId];
      if (status !== -1) {
        params.push(status);
        filters.push(`status = $${params.length}`);
      }
      for (const [field, raw] of [
        ['match_id', request.query.match_id],
        ['currency_id', request.query.currency_id],
      ] as const) {
        if (raw === '' || raw === '-1') continue;
        if (!/^\d{1,9}$/.test(raw)) throw new AppError('micro_order_not_found');
        params.push(Number(raw));
        filters.push(`${field} = $${params.length}`);
      }
      const where = filters.join(' AND ');
      const db = poolSql(app.pg);
      const [counted, rows, names] = await Promise.all([
        db.query<{ n: number }>(`SELECT count(*)::int AS n FROM micro_orders WHERE ${where}`, params),
        db.query<MicroOrderRow>(
          `SELECT ${ORDER_COLUMNS} FROM micro_orders o WHERE ${where} ORDER BY o.id DESC LIMIT ${limit} OFFSET ${(page - 1) * limit}`,
          params,
        ),
        loadNames(db),
      ]);
      const now = Date.now();
      return {
        type: 'ok' as const,
        message: laravelPaginator(
          rows.map((row) => orderView(row, names, request.locale, now)),
          counted[0]?.n ?? 0,
          page,
          limit,
          '/api/microtrade/lists',
        ),
      };
    },
  );

  insuranceRoutes(app);
}
