import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Quotation } from '../../api/markets';
import { Spinner } from '../States';
import { formatCny, formatFixed } from '../../lib/format';
import type { MarketSnapshot } from '../../api/market-data';
import {
  amountDecimals,
  BOOK_LEVELS,
  bookDecimals,
  depthRows,
  depthScale,
  type DepthRow,
} from '../../lib/book';
import './market.css';

/** What the panels beside a chart take: the pair, its market snapshot, and where a clicked price goes. */
export interface MarketPanelProps {
  pair: Quotation;
  market: UseQueryResult<MarketSnapshot>;
  onPick: (price: string) => void;
}

/** Eight levels a side: asks above (lowest next to the middle), the last price, bids below. */
export function OrderBook({ pair, market, onPick }: MarketPanelProps) {
  const { t } = useTranslation('market');
  const priceDecimals = bookDecimals(pair.price_decimals);
  const sizeDecimals = amountDecimals(pair.amount_decimals);
  const data = market.data;
  const scale = depthScale(data?.bids ?? [], data?.asks ?? []);
  const asks = depthRows(data?.asks ?? [], scale);
  const bids = depthRows(data?.bids ?? [], scale);
  const tick = data?.tick ?? 0;
  const lastPrice = data?.lastPrice ?? pair.now_price;

  const row = (level: DepthRow, index: number, side: 'ask' | 'bid') => (
    <div
      key={`${side}-${level.price}`}
      role="button"
      tabIndex={0}
      className={`ex-book-row ${side}`}
      data-testid={side === 'ask' ? 'book-ask' : 'book-bid'}
      data-price={level.price}
      onClick={() => onPick(level.price)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') onPick(level.price);
      }}
      title={t('book.pick')}
    >
      <span className="ex-depth-bar" style={{ width: `${level.depth}%` }} />
      <span className="ex-book-label">
        {side === 'ask' ? t('book.sell', { n: index + 1 }) : t('book.buy', { n: index + 1 })}
      </span>
      <span className={`num ${side === 'ask' ? 'down' : 'up'}`}>
        {formatFixed(level.price, priceDecimals)}
      </span>
      <span className="num right">{formatFixed(level.amount, sizeDecimals)}</span>
      <span className="num right secondary">{formatFixed(level.total, 2)}</span>
    </div>
  );
  const blank = (key: string) => (
    <div key={key} className="ex-book-row blank" aria-hidden>
      <span />
      <span className="muted">--</span>
      <span />
      <span />
    </div>
  );

  // Asks are kept best first; shown from the 8th down to the 1st, which sits next to the middle line.
  const askRows = asks.map((level, index) => row(level, index, 'ask')).reverse();
  const bidRows = bids.map((level, index) => row(level, index, 'bid'));
  const pad = (count: number, prefix: string) =>
    Array.from({ length: Math.max(0, BOOK_LEVELS - count) }, (_, index) => blank(`${prefix}${index}`));

  return (
    <div className="ex-panel ex-book" data-testid="order-book">
      <div className="ex-panel-title">{t('book.title')}</div>
      <div className="ex-book-head">
        <span />
        <span>{t('book.price', { unit: pair.legal_name })}</span>
        <span className="right">{t('book.amount', { unit: pair.currency_name })}</span>
        <span className="right">{t('book.total')}</span>
      </div>
      {market.isPending ? (
        <Spinner />
      ) : market.isError && !data ? (
        <div className="ex-empty">{t('book.error')}</div>
      ) : (
        <>
          <div className="ex-book-side asks">
            {pad(asks.length, 'a')}
            {askRows}
          </div>
          <div className="ex-book-mid" data-testid="last-price">
            <span className={`num ex-book-last ${tick > 0 ? 'up' : tick < 0 ? 'down' : ''}`}>
              {formatFixed(lastPrice, priceDecimals)}
              {tick !== 0 && <span className="ex-arrow">{tick > 0 ? '↑' : '↓'}</span>}
            </span>
            <span className="num muted">≈ ¥{formatCny(lastPrice, pair.fiat_convert_cny)}</span>
          </div>
          <div className="ex-book-side bids">
            {bidRows}
            {pad(bids.length, 'b')}
          </div>
        </>
      )}
    </div>
  );
}
