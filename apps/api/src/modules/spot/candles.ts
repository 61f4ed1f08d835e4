import type { Sql } from '@exchange/kernel/db';
import { Money, type Money as MoneyValue } from '@exchange/kernel/ledger';

/**
 * Candle periods and their alignment. Days, weeks and months open at midnight in the exchange's display
 * time zone (Asia/Shanghai, UTC+8, no daylight saving), as the spec's chart expects.
 */
export const PERIODS = ['1min', '5min', '15min', '30min', '60min', '1day', '1week', '1mon'] as const;
export type Period = (typeof PERIODS)[number];

const MINUTE_MS = 60_000;
const DISPLAY_OFFSET_MS = 8 * 60 * MINUTE_MS;
const FIXED_MS: Partial<Record<Period, number>> = {
  '1min': MINUTE_MS,
  '5min': 5 * MINUTE_MS,
  '15min': 15 * MINUTE_MS,
  '30min': 30 * MINUTE_MS,
  '60min': 60 * MINUTE_MS,
  '1day': 1440 * MINUTE_MS,
};

/** Other names the contract accepts for the same periods. */
const ALIASES: Record<string, Period> = {
  '1m': '1min',
  '5m': '5min',
  '15m': '15min',
  '30m': '30min',
  '1h': '60min',
  '1H': '60min',
  '60m': '60min',
  '1D': '1day',
  '1d': '1day',
  '1W': '1week',
  '1w': '1week',
  '1M': '1mon',
};

export function parsePeriod(raw: string): Period | undefined {
  if ((PERIODS as readonly string[]).includes(raw)) return raw as Period;
  return ALIASES[raw];
}

/** The opening instant of the candle of `period` that contains `time`. */
export function candleOpen(period: Period, time: Date): Date {
  const local = time.getTime() + DISPLAY_OFFSET_MS;
  const fixed = FIXED_MS[period];
  if (fixed !== undefined) return new Date(local - (local % fixed) - DISPLAY_OFFSET_MS);
  const day = new Date(local - (local % (1440 * MINUTE_MS)));
  if (period === '1week') {
    const sinceMonday = (day.getUTCDay() + 6) % 7;
    return new Date(day.getTime() - sinceMonday * 1440 * MINUTE_MS - DISPLAY_OFFSET_MS);
  }
  return new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), 1) - DISPLAY_OFFSET_MS);
}

/** What a trade adds to its candles: price, base amount, quote amount and when. */
export interface CandleTrade {
  price: MoneyValue;
  amount: MoneyValue;
  quote: MoneyValue;
  time: Date;
}

/** A candle as it stands after a batch (what the `kline` push sends). */
export interface CandleRow {
  period: string;
  open_time: Date;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
}

/** Folds a batch's trades into every candle period, and returns the candles as they now stand. */
export async function recordCandles(tx: Sql, matchId: number, trades: CandleTrade[]): Promise<CandleRow[]> {
  if (trades.length === 0) return [];
  const buckets = new Map<
    string,
    {
      period: string;
      open_time: Date;
      open: MoneyValue;
      high: MoneyValue;
      low: MoneyValue;
      close: MoneyValue;
      volume: MoneyValue;
      amount: MoneyValue;
    }
  >();
  for (const trade of trades) {
    for (const period of PERIODS) {
      const open_time = candleOpen(period, trade.time);
      const key = `${period}:${open_time.getTime()}`;
      const bucket = buckets.get(key);
      if (!bucket) {
        buckets.set(key, {
          period,
          open_time,
          open: trade.price,
          high: trade.price,
          low: trade.price,
          close: trade.price,
          volume: trade.amount,
          amount: trade.quote,
        });
        continue;
      }
      bucket.high = Money.max(bucket.high, trade.price);
      bucket.low = Money.min(bucket.low, trade.price);
      bucket.close = trade.price;
      bucket.volume = bucket.volume.plus(trade.amount);
      bucket.amount = bucket.amount.plus(trade.quote);
    }
  }
  const rows = [...buckets.values()];
  return tx.query<CandleRow>(
    `INSERT INTO candles (match_id, period, open_time, open, high, low, close, volume, amount)
     SELECT $1, * FROM unnest($2::varchar[], $3::timestamptz[], $4::numeric[], $5::numeric[], $6::numeric[], $7::numeric[], $8::numeric[], $9::numeric[])
     ON CONFLICT (match_id, period, open_time) DO UPDATE SET
       high = GREATEST(candles.high, EXCLUDED.high), low = LEAST(candles.low, EXCLUDED.low), close = EXCLUDED.close,
       volume = candles.volume + EXCLUDED.volume, amount = candles.amount + EXCLUDED.amount
     RETURNING period, open_time, open::text, high::text, low::text, close::text, volume::text`,
    [
      matchId,
      rows.map((row) => row.period),
      rows.map((row) => row.open_time.toISOString()),
      rows.map((row) => row.open.toFixed()),
      rows.map((row) => row.high.toFixed()),
      rows.map((row) => row.low.toFixed()),
      rows.map((row) => row.close.toFixed()),
      rows.map((row) => row.volume.toFixed()),
      rows.map((row) => row.amount.toFixed()),
    ],
  );
}
