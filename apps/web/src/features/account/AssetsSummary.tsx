import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EyeIcon } from '../../components/icons';
import { formatGrouped } from '../../lib/format';
import type { WalletList } from './api';
import { TOTAL_DECIMALS } from './assets';
import './i18n';

/** The estimated total of the spot, lever or options account in USDT and CNY, as the server sums it. */
const ACCOUNT_VIEWS = {
  change: { wallet: 'change_wallet', trade: '/dealCenter' },
  lever: { wallet: 'lever_wallet', trade: '/leverdealCenter' },
  micro: { wallet: 'micro_wallet', trade: '/secondsOrder' },
} as const;

export function AssetsSummary({
  wallets,
  hidden,
  onToggleHidden,
  account = 'change',
}: {
  wallets: WalletList;
  hidden: boolean;
  onToggleHidden: () => void;
  account?: keyof typeof ACCOUNT_VIEWS;
}) {
  const { t } = useTranslation('account');
  const view = ACCOUNT_VIEWS[account];
  const spot = wallets[view.wallet];
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
        <Link to={view.trade} className="btn btn-primary">
          {t('assets.trade')}
        </Link>
      </div>
    </section>
  );
}
