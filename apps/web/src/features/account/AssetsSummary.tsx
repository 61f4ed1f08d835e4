import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatGrouped } from '../../lib/format';
import type { WalletList } from './api';
import { TOTAL_DECIMALS } from './assets';
import './i18n';

/** The estimated total of the spot account in USDT and CNY, as the server sums it. */
export function AssetsSummary({
  wallets,
  hidden,
  onToggleHidden,
}: {
  wallets: WalletList;
  hidden: boolean;
  onToggleHidden: () => void;
}) {
  const { t } = useTranslation('account');
  const spot = wallets.change_wallet;
  return (
    <section className="panel assets-summary">
      <div className="assets-summary-main">
        <div className="assets-summary-label">
          <span className="secondary">{t('assets.estimated')}</span>
          <button
            type="button"
            className="assets-eye"
            onClick={onToggleHidden}
            aria-pressed={hidden}
            aria-label={hidden ? t('assets.showAmounts') : t('assets.hideAmounts')}
            title={hidden ? t('assets.showAmounts') : t('assets.hideAmounts')}
            data-testid="assets-toggle-amounts"
          >
            <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
              <path
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
                d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z"
              />
              <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="1.8" />
              {hidden && <path d="M4 4l16 16" stroke="currentColor" strokeWidth="1.8" />}
            </svg>
          </button>
        </div>
        <div className="assets-total" data-testid="assets-total-usdt">
          <span className="num">{hidden ? '******' : formatGrouped(spot.usdt_totle, TOTAL_DECIMALS)}</span>
          <span className="assets-unit">USDT</span>
        </div>
        <div className="secondary num" data-testid="assets-total-cny">
          ≈ {hidden ? '******' : `¥${formatGrouped(spot.CNY, 2)}`} CNY
        </div>
      </div>
      <div className="assets-summary-actions">
        <Link to="/dealCenter" className="btn btn-primary">
          {t('assets.trade')}
        </Link>
      </div>
    </section>
  );
}
