import { describe, expect, it } from 'vitest';
import {
  candleWindow,
  displayOffsetSeconds,
  INTERVALS,
  lastMovingAverage,
  mergeCandle,
  movingAverage,
  toChartCandles,
  type ChartCandle,
} from './chart-data';

const candle = (time: number, close: number): ChartCandle => ({
  time,
  open: close,
  high: close,
  low: close,
  close,
  volume: 1,
});

describe('chart data', () => {
  it('offers the spec intervals with test ids', () => {
    expect(INTERVALS.map((item) => item.id)).toEqual([
      'timeshare',
      '1min',
      '5min',
      '15min',
      '30min',
      '60min',
      '1day',
      '1week',
      '1mon',
    ]);
  });

  it('asks for a window ending now', () => {
    expect(candleWindow('1min', 1_000_000_000)).toEqual({ from: 1_000_000 - 500 * 60, to: 1_000_000 });
    expect(candleWindow('1mon', 1_000).from).toBe(0);
  });

  it("converts, sorts and de-duplicates candles in the viewer's time zone", () => {
    const rows = [
      { open: '1', high: '2', low: '0.5', close: '1.5', volume: '3', time: 120_000 },
      { open: '1', high: '2', low: '0.5', close: '1.2', volume: '3', time: 60_000 },
      { open: '1', high: '2', low: '0.5', close: '1.7', volume: '3', time: 120_000 },
      { open: 'x', high: '2', low: '0.5', close: '1.7', volume: '3', time: 180_000 },
    ];
    const candles = toChartCandles(rows);
    expect(candles.map((item) => [item.time - displayOffsetSeconds(item.time * 1000), item.close])).toEqual([
      [60, 1.2],
      [120, 1.7],
    ]);
  });

  it('merges live candles', () => {
    const list = [candle(60, 1), candle(120, 2)];
    expect(mergeCandle(list, candle(120, 3))?.map((item) => item.close)).toEqual([1, 3]);
    expect(mergeCandle(list, candle(180, 4))?.map((item) => item.close)).toEqual([1, 2, 4]);
    expect(mergeCandle(list, candle(60, 9))).toBeNull();
    expect(mergeCandle([], candle(60, 9))).toHaveLength(1);
  });

  it('computes moving averages', () => {
    const list = [1, 2, 3, 4, 5].map((close, index) => candle(index * 60, close));
    expect(movingAverage(list, 3)).toEqual([
      { time: 120, value: 2 },
      { time: 180, value: 3 },
      { time: 240, value: 4 },
    ]);
    expect(lastMovingAverage(list, 5)).toEqual({ time: 240, value: 3 });
    expect(lastMovingAverage(list, 6)).toBeNull();
  });
});
