import { useTranslation } from 'react-i18next';
import type { MarketPanelProps } from '../../components/market/OrderBook';
import { Spinner } from '../../components/States';
import { formatFixed } from '../../lib/format';
import { amountDecimals, bookDecimals } from '../../lib/book';
import { formatTime } from '../../lib/time';

/** The latest 20 trades, newest first, coloured by the taker's side (way 1 buy). */
export function RecentTrades({ pair, market, onPick }: MarketPanelProps) {
  const { t } = useTranslation('exchange');
  const priceDecimals = bookDecimals(pair.price_decimals);
  const sizeDecimals = amountDecimals(pair.amount_decimals);
  const trades = market.data?.trades ?? [];

  return (
    <div className="ex-panel ex-trades" data-testid="recent-trades">
      <div className="ex-panel-title">{t('trades.title')}</div>
      <div className="ex-trades-head">
        <span>{t('trades.price', { unit: pair.legal_name })}</span>
        <span className="right">{t('trades.amount', { unit: pair.currency_name })}</span>
        <span className="right">{t('trades.time')}</span>
      </div>
      <div className="ex-scroll">
        {market.isPending && <Spinner />}
        {!market.isPending && trades.length === 0 && (
          <div className="ex-empty">{market.isError ? t('trades.error') : t('trades.empty')}</div>
        )}
        {trades.map((trade) => (
          <div
            key={trade.id}
            className="ex-trade-row"
            data-testid="trade-row"
            data-way={trade.way}
            onClick={() => onPick(trade.price)}
          >
            <span className={`num ${trade.way === 1 ? 'up' : 'down'}`}>
              {formatFixed(trade.price, priceDecimals)}
            </span>
            <span className="num right">{formatFixed(trade.amount, sizeDecimals)}</span>
            <span className="num right muted">{formatTime(trade.time, 'clock')}</span>
          </div>
        ))}
      </div>
    </div>
  );
}
