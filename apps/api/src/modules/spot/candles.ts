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
