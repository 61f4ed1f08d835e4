import type { CurrentCandle, currentCandleRequestSchema } from '@exchange/contracts';
import type { z } from 'zod';
import { int4Id } from '@exchange/contracts';
import type { Db } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import { Money, toAmountString } from '@exchange/kernel/ledger';
import { candleOpen, parsePeriod } from './candles';
import { findPairBySymbol, type Pair } from './pairs';
import { dayStats } from './tickers';

async function pairByNames(prisma: Db, base: string, quote: string): Promise<Pair> {
  // A currency by id, or by name; digits no id column can hold are a name, which names no currency.
  const resolve = async (value: string) => {
    const id = int4Id().safeParse(value);
    return id.success
      ? (await prisma.currency.findUnique({ where: { id: id.data } }))?.name
      : value.toUpperCase();
  };
  const pair = await findPairBySymbol(prisma, `${await resolve(base)}/${await resolve(quote)}`);
  if (!pair) throw new AppError('pair_not_tradable');
  return pair;
}

/** A market's current candle of a period; the day's is its rolling 24 hours. */
export async function currentCandle(
  prisma: Db,
  request: z.output<typeof currentCandleRequestSchema>,
): Promise<CurrentCandle> {
  const pair = await pairByNames(prisma, request.base_currency, request.quote_currency);
  const period = parsePeriod(request.period || '1day') ?? '1day';
  const stats = await dayStats(prisma, pair.id);
  if (period === '1day') {
    return {
      change: stats.change,
      vol: stats.volume,
      high: stats.high,
      low: stats.low,
      close: stats.now_price,
      open: stats.open,
    };
  }
  const candle = await prisma.candle.findUnique({
    where: {
      match_id_period_open_time: { match_id: pair.id, period, open_time: candleOpen(period, new Date()) },
    },
  });
  const open = new Money(candle?.open.toFixed() ?? stats.now_price);
  const close = new Money(candle?.close.toFixed() ?? stats.now_price);
  const change = open.gt(0) ? close.minus(open).div(open).times(100) : new Money(0);
  return {
    change: `${change.isNegative() ? '' : '+'}${change.toFixed(2)}`,
    vol: toAmountString(candle?.volume.toFixed() ?? '0'),
    high: toAmountString(candle?.high.toFixed() ?? close),
    low: toAmountString(candle?.low.toFixed() ?? close),
    close: toAmountString(close),
    open: toAmountString(open),
  };
}
