import {
  CandlestickSeries,
  ColorType,
  createChart,
  CrosshairMode,
  HistogramSeries,
  LineSeries,
  LineStyle,
  type IChartApi,
  type ISeriesApi,
  type Time,
} from 'lightweight-charts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Quotation } from '../../api/markets';
import { Spinner } from '../States';
import { formatFixed } from '../../lib/format';
import { useSocketEvent } from '../../lib/socket';
import { useTheme } from '../../lib/theme';
import { useCandles } from '../../api/market-data';
import {
  lastMovingAverage,
  mergeCandle,
  MOVING_AVERAGES,
  movingAverage,
  toChartCandle,
  toChartCandles,
  type ChartCandle,
  type Period,
} from '../../lib/chart-data';
import './market.css';

interface Props {
  pair: Quotation;
  period: Period;
  /** The time-share view: a line of closes instead of candles, no moving averages. */
  line: boolean;
}

const MA_COLORS = ['#f0b90b', '#c86dd7', '#3d8bfd'] as const;
/** Bars shown at first; the rest is a scroll away. */
const VISIBLE_BARS = 140;
const MIN_SLOTS = 30;

interface Palette {
  background: string;
  text: string;
  grid: string;
  border: string;
  up: string;
  down: string;
  accent: string;
  crosshair: string;
}

/** The chart's colours come from the theme's CSS tokens, read when the theme changes. */
function readPalette(): Palette {
  const style = getComputedStyle(document.documentElement);
  const token = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    background: token('--bg-panel', '#12161a'),
    text: token('--text-muted', '#6b7583'),
    grid: token('--border', '#262c33'),
    border: token('--border-strong', '#363d45'),
    up: token('--up', '#0ecb81'),
    down: token('--down', '#f6465d'),
    accent: token('--accent', '#f0b90b'),
    crosshair: token('--text-muted', '#6b7583'),
  };
}

/** `#rrggbb` with an alpha, for the volume bars; other colour forms pass unchanged. */
function withAlpha(color: string, alpha: number): string {
  const match = /^#([0-9a-f]{6})$/i.exec(color);
  if (!match?.[1]) return color;
  const value = parseInt(match[1], 16);
  return `rgba(${(value >> 16) & 255}, ${(value >> 8) & 255}, ${value & 255}, ${alpha})`;
}

interface SeriesSet {
  main: ISeriesApi<'Candlestick'> | ISeriesApi<'Line'>;
  volume: ISeriesApi<'Histogram'>;
  averages: ISeriesApi<'Line'>[];
}

const asTime = (seconds: number) => seconds as Time;

/** Candles (or the time-share line), moving averages 10/15/20 and volume, live from `kline` pushes. */
export default function KlineChart({ pair, period, line }: Props) {
  const { t } = useTranslation('market');
  const theme = useTheme();
  const candles = useCandles(pair.symbol, period);
  const base = useMemo(() => toChartCandles(candles.data ?? []), [candles.data]);
  const [liveData, setLiveData] = useState<ChartCandle[] | null>(null);
  const [hover, setHover] = useState<ChartCandle | null>(null);
  const holder = useRef<HTMLDivElement>(null);
  const chartRef = useRef<IChartApi | null>(null);
  const seriesRef = useRef<SeriesSet | null>(null);
  const dataRef = useRef<ChartCandle[]>([]);
  const paletteRef = useRef<Palette | null>(null);

  const volumeBar = (candle: ChartCandle, palette: Palette) => ({
    time: asTime(candle.time),
    value: candle.volume,
    color: withAlpha(candle.close >= candle.open ? palette.up : palette.down, 0.45),
  });
  const mainPoint = (candle: ChartCandle) =>
    line
      ? { time: asTime(candle.time), value: candle.close }
      : {
          time: asTime(candle.time),
          open: candle.open,
          high: candle.high,
          low: candle.low,
          close: candle.close,
        };

  // The chart itself: created once per pair and interval (the parent keys this component by both).
  useEffect(() => {
    const element = holder.current;
    if (!element) return;
    const palette = readPalette();
    paletteRef.current = palette;
    const minMove = Number(`1e-${pair.price_decimals}`);
    const chart = createChart(element, {
      autoSize: true,
      layout: {
        background: { type: ColorType.Solid, color: palette.background },
        textColor: palette.text,
        fontSize: 11,
        attributionLogo: false,
      },
      grid: { vertLines: { color: palette.grid }, horzLines: { color: palette.grid } },
      rightPriceScale: { borderColor: palette.border },
      timeScale: {
        borderColor: palette.border,
        timeVisible: period !== '1day' && period !== '1week' && period !== '1mon',
        secondsVisible: false,
        rightOffset: 4,
      },
      crosshair: {
        mode: CrosshairMode.Normal,
        vertLine: { color: palette.crosshair, style: LineStyle.Dashed, labelBackgroundColor: palette.border },
        horzLine: { color: palette.crosshair, style: LineStyle.Dashed, labelBackgroundColor: palette.border },
      },
    });
    const priceFormat = { type: 'price' as const, precision: pair.price_decimals, minMove };
    const main = line
      ? chart.addSeries(LineSeries, { color: palette.accent, lineWidth: 2, priceFormat })
      : chart.addSeries(CandlestickSeries, {
          upColor: palette.up,
          downColor: palette.down,
          borderUpColor: palette.up,
          borderDownColor: palette.down,
          wickUpColor: palette.up,
          wickDownColor: palette.down,
          priceFormat,
        });
    main.priceScale().applyOptions({ scaleMargins: { top: 0.08, bottom: 0.24 } });
    const volume = chart.addSeries(HistogramSeries, {
      priceScaleId: '',
      priceFormat: { type: 'volume' },
      lastValueVisible: false,
      priceLineVisible: false,
    });
    volume.priceScale().applyOptions({ scaleMargins: { top: 0.8, bottom: 0 } });
    const averages = line
      ? []
      : MOVING_AVERAGES.map((_, index) =>
          chart.addSeries(LineSeries, {
            color: MA_COLORS[index],
            lineWidth: 1,
            priceLineVisible: false,
            lastValueVisible: false,
            crosshairMarkerVisible: false,
            priceFormat,
          }),
        );
    chart.subscribeCrosshairMove((param) => {
      const time = typeof param.time === 'number' ? param.time : null;
      setHover(time === null ? null : (dataRef.current.find((candle) => candle.time === time) ?? null));
    });
    chartRef.current = chart;
    seriesRef.current = { main, volume, averages };
    return () => {
      chartRef.current = null;
      seriesRef.current = null;
      chart.remove();
    };
  }, [line, pair.price_decimals, period]);

  // The theme: colours again from the tokens.
  useEffect(() => {
    const chart = chartRef.current;
    const series = seriesRef.current;
    if (!chart || !series) return;
    const palette = readPalette();
    paletteRef.current = palette;
    chart.applyOptions({
      layout: { background: { type: ColorType.Solid, color: palette.background }, textColor: palette.text },
      grid: { vertLines: { color: palette.grid }, horzLines: { color: palette.grid } },
      rightPriceScale: { borderColor: palette.border },
      timeScale: { borderColor: palette.border },
      crosshair: {
        vertLine: { color: palette.crosshair, labelBackgroundColor: palette.border },
        horzLine: { color: palette.crosshair, labelBackgroundColor: palette.border },
      },
    });
    if (line) series.main.applyOptions({ color: palette.accent });
    else
      series.main.applyOptions({
        upColor: palette.up,
        downColor: palette.down,
        borderUpColor: palette.up,
        borderDownColor: palette.down,
        wickUpColor: palette.up,
        wickDownColor: palette.down,
      });
    series.volume.setData(dataRef.current.map((candle) => volumeBar(candle, palette)));
  }, [theme, line]);

  // The history: all series at once.
  useEffect(() => {
    const chart = chartRef.current;
    const series = seriesRef.current;
    const palette = paletteRef.current;
    if (!chart || !series || !palette) return;
    dataRef.current = base;
    if (line)
      (series.main as ISeriesApi<'Line'>).setData(
        base.map((candle) => ({ time: asTime(candle.time), value: candle.close })),
      );
    else
      (series.main as ISeriesApi<'Candlestick'>).setData(
        base.map((candle) => ({
          time: asTime(candle.time),
          open: candle.open,
          high: candle.high,
          low: candle.low,
          close: candle.close,
        })),
      );
    series.volume.setData(base.map((candle) => volumeBar(candle, palette)));
    series.averages.forEach((average, index) =>
      average.setData(
        movingAverage(base, MOVING_AVERAGES[index] ?? 10).map((point) => ({
          time: asTime(point.time),
          value: point.value,
        })),
      ),
    );
    // At most 140 bars at first; a market with few candles keeps them at a readable width (30 slots at least).
    const shown = Math.max(MIN_SLOTS, Math.min(base.length, VISIBLE_BARS));
    chart.timeScale().setVisibleLogicalRange({ from: base.length - shown, to: base.length + 2 });
  }, [base, line]);

  // Live: a `kline` push of this pair and period updates the last candle or opens the next one.
  useSocketEvent('kline', (push) => {
    if (push.match_id !== pair.match_id || push.period !== period) return;
    const series = seriesRef.current;
    const palette = paletteRef.current;
    const candle = toChartCandle(push);
    if (!series || !palette || !candle || !candles.isSuccess) return;
    const merged = mergeCandle(dataRef.current, candle);
    if (!merged) return;
    dataRef.current = merged;
    const point = mainPoint(candle);
    if (line) (series.main as ISeriesApi<'Line'>).update(point);
    else (series.main as ISeriesApi<'Candlestick'>).update(point);
    series.volume.update(volumeBar(candle, palette));
    series.averages.forEach((average, index) => {
      const value = lastMovingAverage(merged, MOVING_AVERAGES[index] ?? 10);
      if (value) average.update({ time: asTime(value.time), value: value.value });
    });
    setLiveData(merged);
  });

  const data = liveData ?? base;
  const shown = hover ?? data[data.length - 1] ?? null;
  const averagesAt = (candle: ChartCandle | null) => {
    if (!candle || line) return [];
    const upTo = [...data.filter((item) => item.time < candle.time), candle];
    return MOVING_AVERAGES.map((length) => ({ length, value: lastMovingAverage(upTo, length)?.value }));
  };
  const decimals = pair.price_decimals;
  const empty = candles.isSuccess && data.length === 0;

  return (
    <div className="ex-kline">
      <div className="ex-kline-canvas" ref={holder} />
      {shown && (
        <div className="ex-kline-legend num">
          {!line && (
            <>
              <span>
                {t('chart.open')} <b>{formatFixed(shown.open, decimals)}</b>
              </span>
              <span>
                {t('chart.high')} <b>{formatFixed(shown.high, decimals)}</b>
              </span>
              <span>
                {t('chart.low')} <b>{formatFixed(shown.low, decimals)}</b>
              </span>
            </>
          )}
          <span>
            {t('chart.close')}{' '}
            <b className={shown.close >= shown.open ? 'up' : 'down'}>{formatFixed(shown.close, decimals)}</b>
          </span>
          <span>
            {t('chart.volume')} <b>{formatFixed(shown.volume, Math.min(4, pair.amount_decimals))}</b>
          </span>
          {averagesAt(shown).map((average, index) => (
            <span key={average.length} style={{ color: MA_COLORS[index] }}>
              MA{average.length} {average.value === undefined ? '--' : formatFixed(average.value, decimals)}
            </span>
          ))}
        </div>
      )}
      {candles.isPending && (
        <div className="ex-kline-overlay">
          <Spinner />
        </div>
      )}
      {(empty || candles.isError) && (
        <div className="ex-kline-overlay" data-testid="chart-no-data">
          {t('chart.noData')}
        </div>
      )}
    </div>
  );
}
