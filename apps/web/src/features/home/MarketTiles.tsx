import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Quotation } from '../../api/markets';
import { DECIMALS, direction, formatChange, formatCny, formatFixed } from '../../lib/format';
import { CoinIcon } from './CoinIcon';
import { exchangeLink } from './market-table';
import { usePriceFlash } from './usePriceFlash';

/** Up to six USDT pairs above the table: price to 4 decimals, change, 24-hour volume. */
export function MarketTiles({ pairs, loading }: { pairs: Quotation[]; loading: boolean }) {
  const { t } = useTranslation('home');
  if (loading) {
    return (
      <div className="tiles" aria-hidden="true">
        {Array.from({ length: 6 }, (_, index) => (
          <div key={index} className="tile tile-skeleton" />
        ))}
      </div>
    );
  }
  if (pairs.length === 0) return null;
  return (
    <section className="tiles" aria-label={t('tiles.label')}>
      {pairs.map((pair) => (
        <Tile key={pair.match_id} pair={pair} />
      ))}
    </section>
  );
}

function Tile({ pair }: { pair: Quotation }) {
  const { t } = useTranslation('home');
  const flash = usePriceFlash(pair.now_price);
  const move = direction(pair.change);
  const tone = move > 0 ? 'up' : move < 0 ? 'down' : '';
  return (
    <Link
      to={exchangeLink(pair)}
      className={`tile ${flash}`}
      data-testid="market-tile"
      data-symbol={pair.symbol}
    >
      <div className="tile-head">
        <CoinIcon name={pair.currency_name} logo={pair.logo} size={20} />
        <span className="tile-name">
          {pair.currency_name}
          <span className="muted">/{pair.legal_name}</span>
        </span>
        <span className={`tile-change num ${tone}`}>{formatChange(pair.change)}</span>
      </div>
      <div className={`tile-price num ${tone}`}>{formatFixed(pair.now_price, DECIMALS.tile)}</div>
      <div className="tile-foot num">
        <span>≈ ¥{formatFixed(formatCny(pair.now_price, pair.fiat_convert_cny), 2)}</span>
        <span>
          {t('tiles.volume')} {formatFixed(pair.volume, pair.amount_decimals)}
        </span>
      </div>
    </Link>
  );
}
