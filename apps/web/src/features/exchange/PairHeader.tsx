import { useTranslation } from 'react-i18next';
import type { Quotation } from '../../api/markets';
import { direction, formatChange, formatCny, formatFixed } from '../../lib/format';
import { useCoinDetail } from './api';
import { bookDecimals } from '../../lib/book';

interface Props {
  pair: Quotation;
  lastPrice: string;
  tick: -1 | 0 | 1;
  onSwitch: () => void;
}

/** The bar across the top: symbol, last price by direction with its CNY value, 24-hour figures. */
export function PairHeader({ pair, lastPrice, tick, onSwitch }: Props) {
  const { t } = useTranslation('exchange');
  const coin = useCoinDetail(pair.currency_id);
  const change = direction(pair.change);
  const priceDirection = tick !== 0 ? tick : change;
  const decimals = bookDecimals(pair.price_decimals);
  const tone = (value: number) => (value > 0 ? 'up' : value < 0 ? 'down' : '');

  return (
    <header className="ex-pair-header" data-testid="pair-header">
      <button
        type="button"
        className="ex-pair-switch"
        onClick={onSwitch}
        title={t('header.switchPair')}
        aria-label={t('header.switchPair')}
      >
        <span className="ex-pair-symbol">
          {pair.currency_name}
          <span className="muted">/{pair.legal_name}</span>
        </span>
        <span className="ex-pair-caret" aria-hidden>
          ▾
        </span>
      </button>
      {coin.data?.full_name && <span className="ex-pair-fullname muted">{coin.data.full_name}</span>}
      <div className="ex-pair-price">
        <span className={`num ex-pair-last ${tone(priceDirection)}`} data-testid="pair-last-price">
          {formatFixed(lastPrice, decimals)}
        </span>
        <span className="num muted ex-pair-cny">≈ ¥{formatCny(lastPrice, pair.fiat_convert_cny)}</span>
      </div>
      <dl className="ex-pair-stats">
        <div>
          <dt>{t('header.change24h')}</dt>
          <dd className={`num ${tone(change)}`}>{formatChange(pair.change)}</dd>
        </div>
        <div>
          <dt>{t('header.high24h')}</dt>
          <dd className="num">{formatFixed(pair.high, decimals)}</dd>
        </div>
        <div>
          <dt>{t('header.low24h')}</dt>
          <dd className="num">{formatFixed(pair.low, decimals)}</dd>
        </div>
        <div>
          <dt>{t('header.volume24h', { unit: pair.currency_name })}</dt>
          <dd className="num">{formatFixed(pair.volume, Math.min(4, Math.max(2, pair.amount_decimals)))}</dd>
        </div>
      </dl>
    </header>
  );
}
