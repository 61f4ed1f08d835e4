/**
 * Candle data for the chart: the intervals the server serves, the request window, moving averages and the
 * display time zone. Chart libraries take plain numbers; these are
 * display values only, never amounts that are sent.
 */

export type Period = '1min' | '5min' | '15min' | '30min' | '60min' | '1day' | '1week' | '1mon';

export interface Interval {
  /** The testid suffix and the key of its label. */
  id: string;
  period: Period;
  /** The time-share view: a line of 1-minute closes. */
  line: boolean;
}

export const INTERVALS: Interval[] = [
  { id: 'timeshare', period: '1min', line: true },
  { id: '1min', period: '1min', line: false },
  { id: '5min', period: '5min', line: false },
  { id: '15min', period: '15min', line: false },
  { id: '30min', period: '30min', line: false },
  { id: '60min', period: '60min', line: false },
  { id: '1day', period: '1day', line: false },
  { id: '1week', period: '1week', line: false },
  { id: '1mon', period: '1mon', line: false },
];

export const DEFAULT_INTERVAL = '1min';
export const MOVING_AVERAGES = [10, 15, 20] as const;

const MINUTE_S = 60;
const PERIOD_SECONDS: Record<Period, number> = {
  '1min': MINUTE_S,
  '5min': 5 * MINUTE_S,
  '15min': 15 * MINUTE_S,
  '30min': 30 * MINUTE_S,
  '60min': 60 * MINUTE_S,
  '1day': 1440 * MINUTE_S,
  '1week': 7 * 1440 * MINUTE_S,
  '1mon': 31 * 1440 * MINUTE_S,
};

/** How many candles a view asks for (the server answers at most 1500). */
export const CANDLES_PER_VIEW = 500;

/** The `from` and `to` query values (seconds) for a period, ending now. */
export function candleWindow(period: Period, nowMs: number): { from: number; to: number } {
  const to = Math.floor(nowMs / 1000);
  return { from: Math.max(0, to - PERIOD_SECONDS[period] * CANDLES_PER_VIEW), to };
}

/** A candle as `new_timeshar` and the `kline` push give it: decimal strings, time in milliseconds. */
export interface RawCandle {
  open: string;
  close: string;
  high: string;
  low: string;
  volume: string;
  time: number;
}

/** A candle for the chart: numbers, time in seconds shifted so the chart's UTC axis reads the viewer's time. */
export interface ChartCandle {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

/**
 * The viewer's UTC offset at that moment, in seconds. The original chart showed Asia/Shanghai time; ours
 * shows the viewer's own clock, like the trade list and order times beside it, so one screen never mixes zones.
 */
export function displayOffsetSeconds(timeMs: number): number {
  return -new Date(timeMs).getTimezoneOffset() * 60;
}

export function toChartCandle(raw: RawCandle): ChartCandle | null {
  const values = [raw.open, raw.high, raw.low, raw.close, raw.volume].map(Number);
  if (values.some((value) => !Number.isFinite(value)) || !Number.isFinite(raw.time)) return null;
  const [open = 0, high = 0, low = 0, close = 0, volume = 0] = values;
  return {
    time: Math.floor(raw.time / 1000) + displayOffsetSeconds(raw.time),
    open,
    high,
    low,
    close,
    volume,
  };
}

/** Sorted by time, one candle per time (the later one wins), invalid rows dropped. */
export function toChartCandles(rows: RawCandle[]): ChartCandle[] {
  const byTime = new Map<number, ChartCandle>();
  for (const row of rows) {
    const candle = toChartCandle(row);
    if (candle) byTime.set(candle.time, candle);
  }
  return [...byTime.values()].sort((a, b) => a.time - b.time);
}

/**
 * Puts a live candle into the list: replaces the last one when the time matches, appends a newer one,
 * ignores an older one. Answers the new list, or null when nothing changed.
 */
export function mergeCandle(candles: ChartCandle[], candle: ChartCandle): ChartCandle[] | null {
  const last = candles[candles.length - 1];
  if (!last || candle.time > last.time) return [...candles, candle];
  if (candle.time === last.time) return [...candles.slice(0, -1), candle];
  return null;
}

export interface LinePoint {
  time: number;
  value: number;
}

/** The simple moving average of the closes over `length` candles, from the first full window. */
export function movingAverage(candles: ChartCandle[], length: number): LinePoint[] {
  const points: LinePoint[] = [];
  let sum = 0;
  for (let index = 0; index < candles.length; index += 1) {
    sum += candles[index]?.close ?? 0;
    if (index >= length) sum -= candles[index - length]?.close ?? 0;
    if (index >= length - 1) points.push({ time: candles[index]?.time ?? 0, value: sum / length });
  }
  return points;
}

/** The moving average at the last candle only (for live updates). */
export function lastMovingAverage(candles: ChartCandle[], length: number): LinePoint | null {
  if (candles.length < length) return null;
  const window = candles.slice(-length);
  const sum = window.reduce((total, candle) => total + candle.close, 0);
  const last = candles[candles.length - 1];
  return last ? { time: last.time, value: sum / length } : null;
}
