import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EyeIcon } from '../../components/icons';
import { formatGrouped } from '../../lib/format';
import type { WalletList } from './api';
import { TOTAL_DECIMALS } from './assets';
import './i18n';

/** The estimated total of the spot (or lever) account in USDT and CNY, as the server sums it. */
export function AssetsSummary({
  wallets,
  hidden,
  onToggleHidden,
  account = 'change',
}: {
  wallets: WalletList;
  hidden: boolean;
  onToggleHidden: () => void;
  account?: 'change' | 'lever';
}) {
  const { t } = useTranslation('account');
  const spot = account === 'lever' ? wallets.lever_wallet : wallets.change_wallet;
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
            <EyeIcon crossed={hidden} size={16} />
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
        <Link to={account === 'lever' ? '/leverdealCenter' : '/dealCenter'} className="btn btn-primary">
          {t('assets.trade')}
        </Link>
      </div>
    </section>
  );
}
