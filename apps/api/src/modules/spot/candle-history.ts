import type { CandleAnswer, candleHistoryQuerySchema } from '@exchange/contracts';
import type { z } from 'zod';
import type { Db } from '@exchange/kernel/db';
import { translate, type Locale } from '@exchange/kernel/i18n';
import { toAmountString } from '@exchange/kernel/ledger';
import { parsePeriod } from './candles';
import { findPairBySymbol } from './pairs';

const MAX_CANDLES = 1_500;

/** A time in seconds as a Date's milliseconds, or the fallback when it is not one. */
const seconds = (raw: string, fallback: number) => (/^\d{1,12}$/.test(raw) ? Number(raw) * 1000 : fallback);

/** A market's candles over a time range (the chart's history), in the contract's {code, msg, data} shape. */
export async function candleHistory(
  prisma: Db,
  locale: Locale,
  query: z.output<typeof candleHistoryQuerySchema>,
): Promise<CandleAnswer> {
  const period = parsePeriod(query.period || '1min');
  const pair = query.symbol ? await findPairBySymbol(prisma, query.symbol) : null;
  if (!pair || !period)
    return { code: -1, msg: translate(locale, pair ? 'bad_request' : 'pair_not_tradable'), data: [] };
  const candles = await prisma.candle.findMany({
    where: {
      match_id: pair.id,
      period,
      open_time: { gte: new Date(seconds(query.from, 0)), lte: new Date(seconds(query.to, Date.now())) },
    },
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
}
