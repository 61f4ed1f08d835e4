import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Quotation } from '../../api/markets';
import { Spinner } from '../States';
import { DEFAULT_INTERVAL, INTERVALS } from '../../lib/chart-data';
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
      <div className="ex-chart-bar" role="tablist" aria-label={t('chart.intervals')}>
        {INTERVALS.map((item) => (
          <button
            key={item.id}
            type="button"
            role="tab"
            aria-selected={item.id === intervalId}
            className={`ex-interval${item.id === intervalId ? ' active' : ''}`}
            onClick={() => setIntervalId(item.id)}
            data-testid={`interval-${item.id}`}
          >
            {t(`chart.interval.${item.id}`)}
          </button>
        ))}
      </div>
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
