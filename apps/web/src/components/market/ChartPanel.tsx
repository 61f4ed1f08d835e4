import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Quotation } from '../../api/markets';
import { Spinner } from '../States';
import { DEFAULT_INTERVAL, INTERVALS } from '../../lib/chart-data';
import { Tabs } from '../Tabs';
import './market.css';

// lightweight-charts is large: it loads in its own chunk when the chart first shows.
const KlineChart = lazy(() => import('./KlineChart'));

/** The interval bar and the chart (document 1, section 2.5); `className` replaces the spot layout's. */
export function ChartPanel({
  pair,
  className = 'ex-panel ex-chart',
}: {
  pair: Quotation;
  className?: string;
}) {
  const { t } = useTranslation('market');
  const [intervalId, setIntervalId] = useState(DEFAULT_INTERVAL);
  const interval = INTERVALS.find((item) => item.id === intervalId) ?? INTERVALS[1];

  return (
    <div className={className} data-testid="kline-chart">
      <Tabs
        className="ex-chart-bar"
        tabClassName="ex-interval"
        aria-label={t('chart.intervals')}
        items={INTERVALS.map((item) => item.id)}
        value={intervalId}
        onChange={setIntervalId}
        label={(id) => t(`chart.interval.${id}`)}
        testId={(id) => `interval-${id}`}
      />
      <div className="ex-chart-body">
        {interval && (
          <Suspense fallback={<Spinner />}>
            <KlineChart
              key={`${pair.match_id}-${interval.id}`}
              pair={pair}
              period={interval.period}
              line={interval.line}
            />
          </Suspense>
        )}
      </div>
    </div>
  );
}
