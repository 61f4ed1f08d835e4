import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { candleAnswerSchema, errorEnvelopeSchema } from '@exchange/contracts';
import { AppError } from '@exchange/kernel/errors';
import { translate } from '@exchange/kernel/i18n';
import { Money, toAmountString } from '@exchange/kernel/ledger';
import { form, int4Id, optionalText } from '@exchange/contracts';
import { candleOpen, parsePeriod } from './candles';
import { findPairBySymbol, type Pair } from './pairs';
import { dayStats } from './tickers';

const MAX_CANDLES = 1_500;

/** A market's current candle of a period, and its candles over a time range (the chart's history). */
export function candleRoutes(app: FastifyInstance): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.post(
    '/api/market/get_current',
    {
      schema: {
        body: form({
          base_currency: optionalText(16),
          quote_currency: optionalText(16),
          period: optionalText(8),
        }),
      },
    },
    async (request) => {
      const pair = await pairByNames(app, request.body.base_currency, request.body.quote_currency);
      const period = parsePeriod(request.body.period || '1day') ?? '1day';
      const stats = await dayStats(app.prisma, pair.id);
      if (period === '1day') {
        return {
          type: 'ok',
          message: {
            change: stats.change,
            vol: stats.volume,
            high: stats.high,
            low: stats.low,
            close: stats.now_price,
            open: stats.open,
          },
        };
      }
      const candle = await app.prisma.candle.findUnique({
        where: {
          match_id_period_open_time: { match_id: pair.id, period, open_time: candleOpen(period, new Date()) },
        },
      });
      const open = new Money(candle?.open.toFixed() ?? stats.now_price);
      const close = new Money(candle?.close.toFixed() ?? stats.now_price);
      const change = open.gt(0) ? close.minus(open).div(open).times(100) : new Money(0);
      return {
        type: 'ok',
        message: {
          change: `${change.isNegative() ? '' : '+'}${change.toFixed(2)}`,
          vol: toAmountString(candle?.volume.toFixed() ?? '0'),
          high: toAmountString(candle?.high.toFixed() ?? close),
          low: toAmountString(candle?.low.toFixed() ?? close),
          close: toAmountString(close),
          open: toAmountString(open),
        },
      };
    },
  );

  // Candles in the contract's {code, msg, data} shape (this call does not use the {type, message} envelope).
  typed.get(
    '/api/currency/new_timeshar',
    {
      schema: {
        querystring: z.object({
          symbol: optionalText(32),
          period: optionalText(8),
          from: optionalText(16),
          to: optionalText(16),
        }),
        // A request the input checks refuse still answers the usual error envelope.
        response: { 200: z.union([candleAnswerSchema, errorEnvelopeSchema]) },
      },
    },
    async (request) => {
      const { symbol } = request.query;
      const period = parsePeriod(request.query.period || '1min');
      const pair = symbol ? await findPairBySymbol(app.prisma, symbol) : null;
      if (!pair || !period)
        return {
          code: -1,
          msg: translate(request.locale, pair ? 'bad_request' : 'pair_not_tradable'),
          data: [],
        };
      const seconds = (raw: string, fallback: number) =>
        /^\d{1,12}$/.test(raw) ? Number(raw) * 1000 : fallback;
      const to = new Date(seconds(request.query.to, Date.now()));
      const from = new Date(seconds(request.query.from, 0));
      const candles = await app.prisma.candle.findMany({
        where: { match_id: pair.id, period, open_time: { gte: from, lte: to } },
        orderBy: { open_time: 'desc' },
        take: MAX_CANDLES,
      });
      const data = candles.reverse().map((candle) => ({
        id: Math.floor(candle.open_time.getTime() / 1000),
        period,
        'base-currency': pair.currency.name,
        'quote-currency': pair.legal.name,
        open: toAmountString(candle.open.toFixed()),
        close: toAmountString(candle.close.toFixed()),
        high: toAmountString(candle.high.toFixed()),
        low: toAmountString(candle.low.toFixed()),
        vol: toAmountString(candle.amount.toFixed()),
        amount: toAmountString(candle.volume.toFixed()),
        volume: toAmountString(candle.volume.toFixed()),
        time: candle.open_time.getTime(),
      }));
      return { code: 1, msg: 'success', data };
    },
  );
}

async function pairByNames(app: FastifyInstance, base: string, quote: string): Promise<Pair> {
  // A currency by id, or by name; digits no id column can hold are a name, which names no currency.
  const resolve = async (value: string) => {
    const id = int4Id().safeParse(value);
    return id.success
      ? (await app.prisma.currency.findUnique({ where: { id: id.data } }))?.name
      : value.toUpperCase();
  };
  const pair = await findPairBySymbol(app.prisma, `${await resolve(base)}/${await resolve(quote)}`);
  if (!pair) throw new AppError('pair_not_tradable');
  return pair;
}
