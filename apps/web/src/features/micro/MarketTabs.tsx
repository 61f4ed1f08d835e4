import { useTranslation } from 'react-i18next';
import type { Quotation } from '../../api/markets';
import { direction, formatChange, formatFixed } from '../../lib/format';
import { Tab } from '../../components/Tabs';

/**
 * The market tabs across the top (document 3, section 2): every pair open for seconds trading with its
 * latest price and change, green at or above 0, red below; the current pair is selected.
 */
export function MarketTabs({
  pairs,
  current,
  onChoose,
}: {
  pairs: Quotation[];
  current: Quotation;
  onChoose: (pair: Quotation) => void;
}) {
  const { t } = useTranslation('micro');
  return (
    <nav className="micro-markets" role="tablist" aria-label={t('page.markets')} data-testid="micro-markets">
      {pairs.map((pair) => {
        const active = pair.match_id === current.match_id;
        const rising = direction(pair.change) >= 0;
        return (
          <Tab
            key={pair.match_id}
            active={active}
            onSelect={() => onChoose(pair)}
            className="micro-market"
            testId="micro-market-tab"
            data-symbol={pair.symbol}
          >
            <span className="micro-market-symbol">{pair.symbol}</span>
            <span className="micro-market-figures num">
              <span>{formatFixed(pair.now_price, pair.price_decimals)}</span>
              <span className={rising ? 'up' : 'down'}>{formatChange(pair.change)}</span>
            </span>
          </Tab>
        );
      })}
    </nav>
  );
}
